import { data } from "react-router";
import type { Route } from "./+types/dashboard";
import { BRANDS } from "@contract/brands/brands";
import {
  ChannelCharts,
  ConsentChart,
  FunnelChart,
  TouchCharts,
  TrafficCharts,
} from "~/components/marketing/dashboard-charts";
import { DataTable, type PageTable } from "~/components/marketing/data-table";
import { FiltersForm } from "~/components/marketing/filters-form";
import { SummaryTiles } from "~/components/marketing/summary-tiles";
import { useDashboardFormats } from "~/components/marketing/use-formats";
import { useShell } from "~/components/use-shell";
import { requireMarketer } from "~/lib/guards/marketing.server";
import { translate } from "~/lib/i18n/translate.server";
import { loadDashboard } from "~/lib/marketing-dashboard/dashboard.server";
import { filterQuery, filtersOf, presetLinks } from "~/lib/marketing-dashboard/filters.server";
import { dashboardView } from "~/lib/marketing-dashboard/view.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";

export async function loader(args: Route.LoaderArgs) {
  requireMarketer(args);
  const t = (key: string, values?: Record<string, unknown>) => translate(args.context, key, values);
  const read = filtersOf(pageUrl(args.request).searchParams);
  const page = { title: t("marketing.title"), noindex: true, brands: BRANDS.map(({ slug, name }) => ({ slug, name })) };
  // Filters it cannot read: the form again with its translated errors, and no figures.
  if (!read.ok)
    return data(
      {
        ...page,
        values: read.values,
        fieldErrors: read.fieldErrors,
        presets: presetLinks("all"),
        query: "",
        view: null,
      },
      { status: 400 },
    );
  const dashboard = await loadDashboard(args, read.filters);
  return {
    ...page,
    values: read.filters,
    fieldErrors: null,
    presets: presetLinks(read.filters.brand),
    query: filterQuery(read.filters),
    view: dashboardView(dashboard, t),
  };
}

export const meta: Route.MetaFunction = pageMeta;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const TABLE_TITLES: Record<PageTable["id"], string> = {
  daily: "marketing.tables.daily",
  channels: "marketing.tables.channels",
  campaigns: "marketing.tables.campaigns",
  touches: "marketing.tables.touches",
  affiliates: "marketing.tables.affiliates",
  "landing-pages": "marketing.tables.landingPages",
  products: "marketing.tables.products",
  consent: "marketing.tables.consent",
  funnel: "marketing.tables.funnel",
};

export default function MarketingDashboard({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const { view, values } = loaderData;
  const formats = useDashboardFormats(view?.currencyDecimals ?? {});
  const brandNames = Object.fromEntries(loaderData.brands.map((brand) => [brand.slug, brand.name]));
  const table = (id: PageTable["id"]) => {
    const found = view!.tables.find((candidate) => candidate.id === id)!;
    return (
      <DataTable
        table={found}
        title={t(TABLE_TITLES[id])}
        csvHref={`${to(`/marketing/export/${id}.csv`)}${loaderData.query}`}
        formats={formats}
        brandNames={brandNames}
      />
    );
  };
  const section = "mt-8 space-y-4";
  return (
    <div>
      <h1 className="text-2xl font-bold">{loaderData.title}</h1>
      <p className="mt-1 text-muted" data-testid="marketing-scope">
        {values.brand === "all" ? t("marketing.filters.allBrands") : (brandNames[values.brand] ?? values.brand)}
        {view ? ` · ${formats.longDay(values.from)} – ${formats.longDay(values.to)}` : null}
      </p>
      <div className="mt-4">
        <FiltersForm
          brands={loaderData.brands}
          values={values}
          fieldErrors={loaderData.fieldErrors}
          presets={loaderData.presets}
        />
      </div>
      {view ? (
        <>
          <div className="mt-6">
            <SummaryTiles view={view} formats={formats} />
          </div>
          <section className={section} aria-labelledby="traffic-title">
            <h2 id="traffic-title" className="text-xl font-bold">
              {t("marketing.sections.traffic")}
            </h2>
            <TrafficCharts view={view} formats={formats} />
          </section>
          <section className={section} aria-labelledby="channels-title">
            <h2 id="channels-title" className="text-xl font-bold">
              {t("marketing.sections.channels")}
            </h2>
            <p className="text-sm text-muted">{t("marketing.sections.channelsNote")}</p>
            <ChannelCharts view={view} formats={formats} />
            {table("channels")}
            {table("campaigns")}
          </section>
          <section className={section} aria-labelledby="touches-title">
            <h2 id="touches-title" className="text-xl font-bold">
              {t("marketing.sections.touches")}
            </h2>
            <TouchCharts view={view} formats={formats} />
            {table("touches")}
          </section>
          <section className={section} aria-labelledby="affiliates-title">
            <h2 id="affiliates-title" className="text-xl font-bold">
              {t("marketing.sections.affiliates")}
            </h2>
            {table("affiliates")}
          </section>
          <section className={section} aria-labelledby="content-title">
            <h2 id="content-title" className="text-xl font-bold">
              {t("marketing.sections.content")}
            </h2>
            <div className="grid gap-4 desktop:grid-cols-2">
              {table("landing-pages")}
              {table("products")}
            </div>
          </section>
          <section className={section} aria-labelledby="visitors-title">
            <h2 id="visitors-title" className="text-xl font-bold">
              {t("marketing.sections.visitors")}
            </h2>
            <div className="grid gap-4 desktop:grid-cols-2">
              <ConsentChart view={view} formats={formats} brandNames={brandNames} />
              <FunnelChart view={view} formats={formats} />
            </div>
            <div className="grid gap-4 desktop:grid-cols-2">
              {table("consent")}
              {table("funnel")}
            </div>
          </section>
          <div className={section}>{table("daily")}</div>
        </>
      ) : null}
    </div>
  );
}

import { Form, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/designs";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DesignGrid } from "~/components/catalogue/design-card";
import { Pagination } from "~/components/pagination";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { redirectNotProductBrand } from "~/lib/guards/rendering.server";
import { pageNotFound } from "~/lib/errors";
import { translate } from "~/lib/i18n/translate.server";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { pageMeta } from "~/lib/seo/meta";
import { pageUrl } from "~/lib/request/routing/page-url";
import { DESIGN_SORTS } from "@contract/api/enums";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";

const PAGE_SIZE = 12;
const query = z.object({
  sort: z.enum(DESIGN_SORTS).catch("POPULARITY"),
  theme: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(500).catch(1),
});

/** The ready-made designs of one article, filterable by theme and sortable. */
export async function loader(args: Route.LoaderArgs) {
  const { request, params, context } = args;
  const { article_id } = parseParams(request, { slug: routeParams.slug, article_id: routeParams.articleId }, params);
  redirectNotProductBrand(args);
  const { sort, theme, page } = query.parse(Object.fromEntries(pageUrl(request).searchParams));
  const catalogue = catalogueApi(context);
  const [article, designs, allThemes] = await Promise.all([
    catalogue.article(Number(article_id)),
    catalogue.designs({ articles: article_id, sort, theme, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    catalogue.designs({ articles: article_id, limit: 60 }),
  ]);
  if (!article) throw pageNotFound(request);
  const themes = [...new Map(allThemes.items.map((design) => [design.theme, design.name])).entries()];
  return {
    title: translate(context, "designs.title", { article: article.namePlural }),
    description: article.description,
    path: `/designs/${article.slug}/${article.id}`,
    noindex: pageUrl(request).search ? true : undefined,
    article: { id: article.id, name: article.name, slug: article.slug },
    designs: designs.items,
    themes,
    filters: { sort, theme: theme ?? "", page },
    pageCount: Math.max(1, Math.ceil(designs.total / PAGE_SIZE)),
  };
}

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function Designs({ loaderData }: Route.ComponentProps) {
  const { t } = useShell();
  const location = useLocation();
  return (
    <div className="container-page py-8">
      <Breadcrumbs
        items={[{ name: loaderData.article.name, path: `/${loaderData.article.slug}` }, { name: loaderData.title }]}
      />
      <h1 className="mt-3 text-3xl font-bold">{loaderData.title}</h1>
      <Form
        key={location.search}
        method="get"
        action={location.pathname}
        className="mt-6 flex flex-wrap items-end gap-4"
        aria-label={t("catalogue.filters")}
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("designs.theme")}
          <select
            name="theme"
            defaultValue={loaderData.filters.theme}
            className="min-h-11 rounded-button border-2 border-line bg-surface px-2"
          >
            <option value="">{t("designs.allThemes")}</option>
            {loaderData.themes.map(([key, name]) => (
              <option key={key} value={key}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("catalogue.sort")}
          <select
            name="sort"
            defaultValue={loaderData.filters.sort}
            className="min-h-11 rounded-button border-2 border-line bg-surface px-2"
          >
            {DESIGN_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`designs.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button-primary">
          {t("catalogue.apply")}
        </button>
      </Form>
      <h2 className="sr-only">{t("search.kinds.design")}</h2>
      <div className="mt-6">
        {loaderData.designs.length ? (
          <DesignGrid designs={loaderData.designs} />
        ) : (
          <p className="rounded-card bg-brand-soft p-6">{t("catalogue.noResults")}</p>
        )}
      </div>
      <Pagination page={loaderData.filters.page} pageCount={loaderData.pageCount} />
    </div>
  );
}

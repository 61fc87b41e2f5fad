import { Link } from "~/components/link";
import type { Route } from "./+types/search";
import { useShell } from "~/components/use-shell";
import { useMoney } from "~/components/use-money";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { ContentBlock } from "~/components/content-block";
import { pageContentBlock } from "~/lib/catalogue/content-block.server";
import { searchHitPath } from "~/lib/catalogue/search-paths";
import { pageNotFound } from "~/lib/errors";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { pageUrl } from "~/lib/request/routing/page-url";
import { SEARCH_KINDS } from "@contract/api/enums";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = pageUrl(request).searchParams.get("query")?.trim() ?? "";
  // The search page exists only for a non-empty query.
  if (!query) throw pageNotFound(request);
  const catalogue = catalogueApi(context);
  const [results, categories, block] = await Promise.all([
    catalogue.search(query.slice(0, 100), 40),
    catalogue.categories(),
    pageContentBlock(context, "SEARCH_PAGE"),
  ]);
  return {
    title: translate(context, "routes.search", { query }),
    noindex: true,
    query,
    hits: results.items,
    categories: categories.items.slice(0, 6),
    block,
  };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const money = useMoney();
  const { hits } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">{loaderData.title}</h1>
      <p className="mt-2 text-muted" data-testid="result-count">
        {t("search.count", { count: hits.length })}
      </p>
      {hits.length === 0 ? (
        <div className="mt-6 rounded-card bg-brand-soft p-6" data-testid="search-empty">
          <p className="text-lg font-semibold">{t("search.emptyTitle", { query: loaderData.query })}</p>
          <p className="mt-2">{t("search.emptyText")}</p>
          <ul className="mt-4 flex flex-wrap gap-2">
            {loaderData.categories.map((category) => (
              <li key={category.id}>
                <Link to={to(`/${category.slug}`)} className="button-secondary">
                  {category.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to={to("/help-center")} className="button-secondary">
                {t("nav.helpCenter")}
              </Link>
            </li>
          </ul>
        </div>
      ) : (
        SEARCH_KINDS.map((kind) => {
          const group = hits.filter((hit) => hit.kind === kind);
          if (!group.length) return null;
          return (
            <section key={kind} className="mt-8" aria-labelledby={`results-${kind}`}>
              <h2 id={`results-${kind}`} className="text-xl font-bold">
                {t(`search.kinds.${kind}`)}
              </h2>
              <ul className="mt-3 grid gap-3 tablet:grid-cols-2 desktop:grid-cols-3">
                {group.map((hit) => (
                  <li key={`${hit.kind}-${hit.id}`}>
                    <Link
                      to={to(searchHitPath(hit))}
                      className="flex items-center gap-3 rounded-card border border-line bg-surface p-3 text-ink no-underline hover:border-brand"
                    >
                      {hit.image ? (
                        <img
                          src={hit.image}
                          alt=""
                          width={64}
                          height={64}
                          loading="lazy"
                          className="h-16 w-16 rounded-card"
                        />
                      ) : null}
                      <span>
                        <span className="block font-semibold" data-testid="search-hit">
                          {hit.name}
                        </span>
                        {hit.kind === "article" && hit.extra ? (
                          <span className="text-sm text-muted">
                            {t("home.from", { price: money(Number(hit.extra)) })}
                          </span>
                        ) : null}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
      <ContentBlock block={loaderData.block} className="mt-12" />
    </div>
  );
}

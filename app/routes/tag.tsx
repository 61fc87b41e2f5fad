import type { Route } from "./+types/tag";
import { ArticleGrid } from "~/components/article-card";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { pageNotFound } from "~/lib/errors";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { articleCardView } from "~/lib/catalogue/card-views";
import { pageMeta } from "~/lib/seo/meta";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { slug } = parseParams(request, { slug: routeParams.slug }, params);
  const catalogue = catalogueApi(context);
  const tag = await catalogue.tag(slug);
  if (!tag) throw pageNotFound(request);
  const articles = await catalogue.articles({ tag: tag.id, sort: "popularity", limit: 24 });
  return {
    title: tag.name,
    description: tag.description,
    path: `/t/${tag.slug}`,
    alternates: Object.fromEntries(Object.entries(tag.slugs).map(([locale, value]) => [locale, `/t/${value}`])),
    tag,
    articles: articles.items.map(articleCardView),
  };
}

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { t } = useShell();
  return (
    <div className="container-page py-8">
      <Breadcrumbs items={[{ name: t("routes.tagsList"), path: "/tags-list" }, { name: loaderData.tag.name }]} />
      <h1 className="mt-3 text-3xl font-bold tablet:text-4xl">#{loaderData.tag.name}</h1>
      <p className="mt-2 max-w-2xl text-muted">{loaderData.tag.description}</p>
      <div className="mt-6">
        {loaderData.articles.length ? (
          <ArticleGrid articles={loaderData.articles} eagerCount={2} />
        ) : (
          <p className="rounded-card bg-brand-soft p-6">{t("catalogue.noResults")}</p>
        )}
      </div>
    </div>
  );
}

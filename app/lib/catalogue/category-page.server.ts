import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { pageNotFound } from "../errors";
import { breadcrumbJsonLd } from "~/lib/seo/meta";
import { ARTICLE_SORTS, DESIGN_SORTS, type LIST_MODES } from "@contract/api/enums";
import { COLLECTION_TAGS } from "@contract/api/enums";
import { pageUrl } from "~/lib/request/routing/page-url";
import { catalogueApi } from "./api.server";
import { articleCardView } from "./card-views";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
export const PAGE_SIZE = 12;

/** Filters, sort and page live in the URL; anything invalid there is ignored rather than an error. */
const filtersSchema = z.object({
  collection: z.enum(COLLECTION_TAGS).optional().catch(undefined),
  priceMin: z.coerce.number().min(0).max(100_000).optional().catch(undefined),
  priceMax: z.coerce.number().min(0).max(100_000).optional().catch(undefined),
  sort: z.enum(ARTICLE_SORTS).catch("position"),
  designSort: z.enum(DESIGN_SORTS).catch("POPULARITY"),
  page: z.coerce.number().int().min(1).max(500).catch(1),
});
export type CategoryFilters = z.infer<typeof filtersSchema>;

export function readFilters(request: Request): CategoryFilters {
  const params = Object.fromEntries([...pageUrl(request).searchParams].filter(([, value]) => value !== ""));
  return filtersSchema.parse(params);
}

export async function categoryPage({ request, context }: Args, id: number, listMode: (typeof LIST_MODES)[number]) {
  const catalogue = catalogueApi(context);
  const filters = readFilters(request);
  const category = await catalogue.category(id);
  if (!category) throw pageNotFound(request);
  const offset = (filters.page - 1) * PAGE_SIZE;
  const toMinor = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 100));
  const [articles, designs] = await Promise.all([
    listMode === "LIST_DESIGNS"
      ? null
      : catalogue.articles({
          category: id,
          collection: filters.collection,
          priceMin: toMinor(filters.priceMin),
          priceMax: toMinor(filters.priceMax),
          sort: filters.sort,
          limit: listMode === "LANDING" ? 12 : PAGE_SIZE,
          offset: listMode === "LANDING" ? 0 : offset,
        }),
    listMode === "LIST_DESIGNS"
      ? catalogue.designs({
          articles: category.articleIds.join(","),
          sort: filters.designSort,
          limit: PAGE_SIZE,
          offset,
        })
      : null,
  ]);
  const origin = new URL(request.url).origin;
  const total = articles?.total ?? designs?.total ?? 0;
  return {
    page: "category" as const,
    title: category.name,
    description: category.description,
    path: `/${category.slug}`,
    alternates: Object.fromEntries(Object.entries(category.slugs).map(([locale, slug]) => [locale, `/${slug}`])),
    image: category.image ?? undefined,
    // A filtered or later page is not a page of its own for search engines.
    noindex: [...pageUrl(request).searchParams.keys()].some((key) => key !== "page") || undefined,
    jsonLd: [breadcrumbJsonLd(origin, [{ name: category.name, url: `/${category.slug}` }])],
    category,
    listMode,
    filters,
    articles: articles?.items.map(articleCardView) ?? [],
    designs: designs?.items ?? [],
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
  };
}

import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { apiCalls } from "~/lib/product-api/calls.server";
import { apiContext, brandContext, localeContext } from "~/lib/request/context/keys";
import { contentBlockSchema, type PageKind } from "@contract/api/content-blocks";
import {
  articleDetailSchema,
  articlePageSchema,
  bannerListSchema,
  categoryListSchema,
  categorySchema,
  type designListParams,
  designPageSchema,
  designSchema,
  editorialPageSchema,
  helpCategoryListSchema,
  helpTopicListSchema,
  helpTopicSchema,
  newsletterSubscribeSchema,
  offerListSchema,
  okSchema,
  resolvedPageSchema,
  reviewPageSchema,
  reviewSummarySchema,
  searchResultSchema,
  sitemapSchema,
  tagListSchema,
  type articleListParams,
  type SearchHit,
} from "@contract/api/catalogue";

type Context = Readonly<RouterContextProvider>;

/**
 * The catalogue calls, each with its cache strategy: "long" for what changes with a catalogue release (categories,
 * help, pages), "short" for what moves during the day (lists, prices, reviews).
 */
export function catalogueApi(context: Context) {
  const api = context.get(apiContext);
  const site = context.get(brandContext).slug;
  const locale = context.get(localeContext);
  const scope = { site, locale };
  return apiCalls({
    articles: (params: Partial<Omit<z.output<typeof articleListParams>, "site" | "locale">> = {}) =>
      api.get("/articles", { ...scope, ...params }, articlePageSchema, "short"),
    article: (id: number) => api.find(`/articles/${id}`, scope, articleDetailSchema, "short"),
    resolve: (slug: string) => api.find("/catalog/resolve", { ...scope, slug }, resolvedPageSchema, "long"),
    categories: () => api.get("/catalog/categories", scope, categoryListSchema, "long"),
    category: (id: number) => api.find(`/catalog/categories/${id}`, scope, categorySchema, "long"),
    tags: () => api.get("/catalog/tags", scope, tagListSchema, "long"),
    tag: async (slug: string) =>
      (await api.find("/catalog/tags", { ...scope, slug }, tagListSchema, "long"))?.items[0] ?? null,
    banners: () => api.get("/catalog/banners", scope, bannerListSchema, "long"),
    page: (key: string) => api.find(`/catalog/pages/${key}`, scope, editorialPageSchema, "long"),
    contentBlock: (pageKind: PageKind) =>
      api.get(`/catalog/content-blocks/${encodeURIComponent(pageKind)}`, scope, contentBlockSchema, "long"),
    designs: (params: Partial<Omit<z.output<typeof designListParams>, "site" | "locale">> = {}) =>
      api.get("/designs", { ...scope, ...params }, designPageSchema, "short"),
    design: (id: string) => api.find(`/designs/${encodeURIComponent(id)}`, scope, designSchema, "short"),
    offers: (state: "current" | "all" = "current") => api.get("/offers", { ...scope, state }, offerListSchema, "short"),
    reviews: (params: { rating?: number; article?: number; limit?: number; offset?: number } = {}) =>
      api.get("/reviews", { ...scope, ...params }, reviewPageSchema, "short"),
    reviewSummary: (article?: number) => api.get("/reviews/summary", { site, article }, reviewSummarySchema, "short"),
    helpCategories: () => api.get("/help/categories", { locale }, helpCategoryListSchema, "long"),
    helpTopics: (ids: readonly number[]) =>
      api.get("/help/topics", { locale, ids: ids.join(",") }, helpTopicListSchema, "long"),
    helpTopic: (id: number) => api.find(`/help/topics/${id}`, { locale }, helpTopicSchema, "long"),
    helpFeedback: (id: number, helpful: boolean) => api.post(`/help/topics/${id}/feedback`, { helpful }, okSchema),
    search: (q: string, limit = 20, only: { kind?: SearchHit["kind"]; match?: "all" | "any" } = {}) =>
      api.get("/search", { ...scope, q, limit, ...only }, searchResultSchema, "short"),
    sitemap: () => api.get("/sitemap", { site }, sitemapSchema, "long"),
    subscribe: (email: string, confirmUrl: string, unsubscribeUrl: string) =>
      api.post(
        "/newsletter/subscribe",
        { ...scope, email, confirm_url: confirmUrl, unsubscribe_url: unsubscribeUrl },
        newsletterSubscribeSchema,
      ),
    confirmSubscription: (token: string) => api.post("/newsletter/confirm", { token }, z.object({ ok: z.boolean() })),
    unsubscribe: (email: string) => api.post("/newsletter/unsubscribe", { site, email }, okSchema),
  });
}
export type CatalogueApi = ReturnType<typeof catalogueApi>;

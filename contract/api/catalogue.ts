import { z } from "zod";
import {
  ARTICLE_SORTS,
  COLLECTION_TAGS,
  CONTENT_KINDS,
  DESIGN_SORTS,
  LIST_MODES,
  MEDIA_TYPES,
  OFFER_STATES,
  OPTION_GROUPS,
  PROJECT_SCOPES,
  SEARCH_KINDS,
} from "./enums";
import { localeParam, recordId, siteParams, slugParam } from "./params";

/**
 * The catalogue part of the product API contract (sites, articles, categories, designs, offers, reviews, help, pages).
 */

export const siteSchema = z.object({
  slug: z.string(),
  name: z.string(),
  country: z.string().length(2),
  currency: z.string().length(3),
  decimals: z.boolean(),
  defaultLocale: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

const articleSchema = z.object({
  id: z.number().int().positive(),
  site: z.string(),
  slug: z.string(),
  name: z.string(),
  namePlural: z.string(),
  description: z.string(),
  price: z.number().int().nonnegative(),
  currency: z.string().length(3),
  image: z.string(),
  collection: z.enum(COLLECTION_TAGS).nullable(),
});
export type Article = z.infer<typeof articleSchema>;
export const articleListSchema = z.object({ items: z.array(articleSchema) });

/** Who and in which language most catalogue calls are for. */
export const siteLocaleParams = siteParams.extend({ locale: localeParam });

const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().nonnegative() });

const ratingSchema = z.object({ average: z.number().min(0).max(5), count: z.number().int().nonnegative() });

export const articleCardSchema = articleSchema.extend({
  kind: z.string(),
  popularity: z.number().int(),
  rating: ratingSchema,
});
export type ArticleCard = z.infer<typeof articleCardSchema>;
export const articlePageSchema = paged(articleCardSchema);

export const articleListParams = siteLocaleParams.extend({
  limit: z.coerce.number().int().min(1).max(60).default(24),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  collection: z.enum(COLLECTION_TAGS).optional(),
  category: recordId.optional(),
  tag: recordId.optional(),
  priceMin: z.coerce.number().int().nonnegative().optional(),
  priceMax: z.coerce.number().int().nonnegative().optional(),
  sort: z.enum(ARTICLE_SORTS).default("position"),
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
});

const mediaSchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  type: z.enum(MEDIA_TYPES),
  url: z.string(),
  format: z.enum(["svg", "jpg", "png"]),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const articleOptionSchema = z.object({
  id: z.number().int(),
  group: z.enum(OPTION_GROUPS),
  code: z.string(),
  priceDelta: z.number().int(),
  isDefault: z.boolean(),
});
export type ArticleOption = z.infer<typeof articleOptionSchema>;

const tierSchema = z.object({
  minQuantity: z.number().int().positive(),
  discountPercent: z.number().int().min(0).max(90),
});
export type Tier = z.infer<typeof tierSchema>;

const tagRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

export const articleDetailSchema = articleCardSchema.extend({
  /** What each inner page past the included ones costs (contract/creator/pages.ts); 0 for a product of one page. */
  extraPagePrice: z.number().int().nonnegative().default(0),
  options: z.array(articleOptionSchema),
  tiers: z.array(tierSchema),
  media: z.array(mediaSchema),
  tags: z.array(tagRefSchema),
  categories: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
  slugs: z.record(z.string(), z.string()),
});

export const categorySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  body: z.array(z.string()),
  listMode: z.enum(LIST_MODES),
  image: z.string().nullable(),
  articleIds: z.array(z.number().int()),
  slugs: z.record(z.string(), z.string()),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.object({ items: z.array(categorySchema) });

/** What `/{slug}` is in a locale: a category (by its list mode) or a product. */
export const resolvedPageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("category"), id: z.number().int(), listMode: z.enum(LIST_MODES) }),
  z.object({ kind: z.literal("product"), id: z.number().int() }),
]);
export const resolveParams = siteLocaleParams.extend({ slug: slugParam });

const tagSchema = tagRefSchema.extend({
  description: z.string(),
  articleCount: z.number().int(),
  slugs: z.record(z.string(), z.string()),
});
export const tagListSchema = z.object({ items: z.array(tagSchema) });
/** With a slug: that one tag (or no results). */
export const tagListParams = siteLocaleParams.extend({ slug: slugParam.optional() });

export const designSchema = z.object({
  id: z.string(),
  articleId: z.number().int(),
  articleName: z.string(),
  articleSlug: z.string(),
  slug: z.string(),
  name: z.string(),
  theme: z.string(),
  scope: z.enum(PROJECT_SCOPES),
  popularity: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  image: z.string(),
  /** Its article's price with the default options (minor units): what it costs from. */
  price: z.number().int().nonnegative(),
});
export type Design = z.infer<typeof designSchema>;
export const designPageSchema = paged(designSchema);
export const designListParams = siteLocaleParams.extend({
  articles: z
    .string()
    .regex(/^\d+(,\d+){0,49}$/)
    .optional(),
  theme: z.string().max(64).optional(),
  sort: z.enum(DESIGN_SORTS).default("POPULARITY"),
  limit: z.coerce.number().int().min(1).max(60).default(24),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

const offerSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discountPercent: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  minOrder: z.number().int(),
  articleIds: z.array(z.number().int()),
  title: z.string(),
  description: z.string(),
  conditions: z.string(),
  state: z.enum(OFFER_STATES),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerListSchema = z.object({ items: z.array(offerSchema) });
/** `today` lets a caller ask as of another day (the default is the API's today). */
export const offerListParams = siteLocaleParams.extend({
  state: z.enum(["current", "all"]).default("current"),
  today: z.iso.date().optional(),
});

const reviewSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  articleName: z.string(),
  rating: z.number().int().min(1).max(5),
  author: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  answer: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewPageSchema = paged(reviewSchema);
export const reviewSummarySchema = ratingSchema.extend({
  distribution: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;
export const reviewListParams = siteLocaleParams.extend({
  rating: z.coerce.number().int().min(1).max(5).optional(),
  article: recordId.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export const reviewSummaryParams = siteParams.extend({ article: recordId.optional() });

const helpTopicSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  categoryId: z.number().int(),
});
export type HelpTopicSummary = z.infer<typeof helpTopicSummarySchema>;
export const helpTopicSchema = helpTopicSummarySchema.extend({
  body: z.array(z.string()),
  categoryName: z.string(),
  related: z.array(helpTopicSummarySchema),
});
export type HelpTopic = z.infer<typeof helpTopicSchema>;
const helpCategorySchema = z.object({
  id: z.number().int(),
  icon: z.string(),
  name: z.string(),
  description: z.string(),
  topics: z.array(helpTopicSummarySchema),
});
export type HelpCategory = z.infer<typeof helpCategorySchema>;
export const helpCategoryListSchema = z.object({ items: z.array(helpCategorySchema) });
export const helpTopicListSchema = z.object({ items: z.array(helpTopicSummarySchema) });
/** The help centre is shared by every brand of a language. */
export const helpParams = z.object({ locale: localeParam });
/** With ids: those topics, in the order given (topic sets are ordered lists). */
export const helpTopicListParams = helpParams.extend({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
});
/** One vote per visitor and topic. */
export const helpFeedbackParams = z.object({
  helpful: z.enum(["true", "false"]),
  ext_session_id: z.string().min(1).max(100),
});

const bannerSchema = z.object({
  key: z.string(),
  link: z.string(),
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  cta: z.string(),
});
export const bannerListSchema = z.object({ items: z.array(bannerSchema) });

export const editorialPageSchema = z.object({
  title: z.string(),
  intro: z.string(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
});

const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  extra: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResultSchema = z.object({ items: z.array(searchHitSchema) });
/**
 * A search: every word must match (the header search), or with `match=any` any of them, ranked by how well (help
 * topics suggested from what a customer writes to support); `kind` keeps one kind of hit.
 */
export const searchParams = siteLocaleParams.extend({
  q: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  kind: z.enum(SEARCH_KINDS).optional(),
  match: z.enum(["all", "any"]).default("all"),
});

export const okSchema = z.object({ ok: z.literal(true) });
export const newsletterSubscribeSchema = z.object({ ok: z.literal(true), status: z.enum(["PENDING", "CONFIRMED"]) });
const subscriberEmail = z.string().trim().toLowerCase().email().max(254);
const link = z.url({ protocol: /^https?$/ }).max(2048);
/** Double opt-in: the confirmation e-mail links to `confirm_url` (with the token added) and `unsubscribe_url`. */
export const newsletterSubscribeParams = siteLocaleParams.extend({
  email: subscriberEmail,
  confirm_url: link,
  unsubscribe_url: link,
});
export const newsletterConfirmParams = z.object({ token: z.string().regex(/^[a-f0-9]{32}$/) });
export const newsletterUnsubscribeParams = siteParams.extend({ email: subscriberEmail });

export const sitemapSchema = z.object({
  items: z.array(
    z.object({
      kind: z.enum(["category", "article", "tag", "design", "help-topic", "help-category"]),
      slugs: z.record(z.string(), z.string()),
      updatedAt: z.string(),
    }),
  ),
});

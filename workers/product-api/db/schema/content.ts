import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";
import { articles } from "./catalogue";

// Content: offers, reviews, the help centre, banners, editorial pages and content blocks.

export const offers = sqliteTable("offers", {
  id: integer("id").primaryKey(),
  site: text("site")
    .notNull()
    .references(() => sites.slug),
  code: text("code").notNull(),
  discountPercent: integer("discount_percent").notNull(),
  startsAt: text("starts_at").notNull(),
  endsAt: text("ends_at").notNull(),
  /** Minimum order, integer minor units; 0 for none. */
  minOrder: integer("min_order").notNull().default(0),
});

export const offerTexts = sqliteTable(
  "offer_texts",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    conditions: text("conditions").notNull(),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.locale] })],
);

/** Articles an offer is limited to; none means every article. */
export const offerArticles = sqliteTable(
  "offer_articles",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.articleId] })],
);

export const reviews = sqliteTable("reviews", {
  id: integer("id").primaryKey(),
  site: text("site")
    .notNull()
    .references(() => sites.slug),
  articleId: integer("article_id")
    .notNull()
    .references(() => articles.id),
  rating: integer("rating").notNull(),
  author: text("author").notNull(),
  locale: text("locale").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdAt: text("created_at").notNull(),
  answer: text("answer"),
});

export const helpCategories = sqliteTable("help_categories", {
  id: integer("id").primaryKey(),
  position: integer("position").notNull().default(0),
  icon: text("icon").notNull(),
});

export const helpCategoryTexts = sqliteTable(
  "help_category_texts",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => helpCategories.id),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.locale] })],
);

export const helpTopics = sqliteTable("help_topics", {
  id: integer("id").primaryKey(),
  categoryId: integer("category_id")
    .notNull()
    .references(() => helpCategories.id),
  position: integer("position").notNull().default(0),
});

export const helpTopicTexts = sqliteTable(
  "help_topic_texts",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => helpTopics.id),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    body: text("body", { mode: "json" }).$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.topicId, table.locale] })],
);

export const helpFeedback = sqliteTable("help_feedback", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  topicId: integer("topic_id")
    .notNull()
    .references(() => helpTopics.id),
  helpful: integer("helpful", { mode: "boolean" }).notNull(),
  extSessionId: text("ext_session_id").notNull(),
  createdAt: text("created_at").notNull(),
});

export const banners = sqliteTable("banners", {
  id: integer("id").primaryKey(),
  site: text("site")
    .notNull()
    .references(() => sites.slug),
  key: text("key").notNull(),
  /** category:{key}, offer:{code} or tag:{key}. */
  link: text("link").notNull(),
  position: integer("position").notNull().default(0),
  image: text("image").notNull(),
});

export const bannerTexts = sqliteTable(
  "banner_texts",
  {
    bannerId: integer("banner_id")
      .notNull()
      .references(() => banners.id),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    cta: text("cta").notNull(),
  },
  (table) => [primaryKey({ columns: [table.bannerId, table.locale] })],
);

/** Editorial pages such as about-us, per site and locale; sections as JSON. */
export const pages = sqliteTable(
  "pages",
  {
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    key: text("key").notNull(),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    intro: text("intro").notNull(),
    sections: text("sections", { mode: "json" }).$type<{ heading: string; body: string }[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.site, table.key, table.locale] })],
);

/**
 * What the 404, search and cart pages show beside their own content (page kind 404, SEARCH_PAGE or CART): in order,
 * items of a resource kind each pointing at the catalogue (docs/decisions/0039). `ref` is an article id (ARTICLE), a
 * help topic id (TAB), or `category:{key}` / `tag:{key}` (RESOURCE); texts come from what it points at, per locale.
 */
export const contentBlocks = sqliteTable(
  "content_blocks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    pageKind: text("page_kind").notNull(),
    position: integer("position").notNull(),
    resourceKind: text("resource_kind").notNull(),
    ref: text("ref").notNull(),
  },
  (table) => [index("content_blocks_site_page").on(table.site, table.pageKind, table.position)],
);

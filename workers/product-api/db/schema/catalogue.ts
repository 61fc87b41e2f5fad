import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";

// The catalogue: articles with their texts, options, tiers and media; categories and tags.

export const articles = sqliteTable("articles", {
  id: integer("id").primaryKey(),
  site: text("site")
    .notNull()
    .references(() => sites.slug),
  slug: text("slug").notNull(),
  /** Price in the site's currency, integer minor units. */
  price: integer("price").notNull(),
  image: text("image").notNull(),
  collection: text("collection"),
  position: integer("position").notNull().default(0),
  kind: text("kind").notNull().default("photo-prints"),
  popularity: integer("popularity").notNull().default(0),
  createdAt: text("created_at").notNull().default("2026-01-01"),
  /** What each inner page past the included ones costs (contract/creator/pages.ts), minor units; 0 when not paged. */
  extraPagePrice: integer("extra_page_price").notNull().default(0),
});

export const articleTexts = sqliteTable(
  "article_texts",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    namePlural: text("name_plural").notNull(),
    description: text("description").notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.locale] })],
);

export const articleOptions = sqliteTable("article_options", {
  id: integer("id").primaryKey(),
  articleId: integer("article_id")
    .notNull()
    .references(() => articles.id),
  /** size, finish or paper; labels are translated by the storefront from the code. */
  group: text("group_code").notNull(),
  code: text("code").notNull(),
  /** Added to the article's price, integer minor units. */
  priceDelta: integer("price_delta").notNull().default(0),
  position: integer("position").notNull().default(0),
  isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
});

export const articleTiers = sqliteTable(
  "article_tiers",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id),
    minQuantity: integer("min_quantity").notNull(),
    discountPercent: integer("discount_percent").notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.minQuantity] })],
);

/** Pictures and videos of any content kind (product, banner, design, environment, review...). */
export const media = sqliteTable("media", {
  id: integer("id").primaryKey(),
  ownerKind: text("owner_kind").notNull(),
  ownerId: text("owner_id").notNull(),
  mediaType: text("media_type").notNull(),
  url: text("url").notNull(),
  /** svg, jpg or png: a raster is served in avif and webp besides. */
  format: text("format").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  position: integer("position").notNull().default(0),
});

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey(),
  site: text("site")
    .notNull()
    .references(() => sites.slug),
  key: text("key").notNull(),
  listMode: text("list_mode").notNull(),
  position: integer("position").notNull().default(0),
});

export const categoryTexts = sqliteTable(
  "category_texts",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Paragraphs, as a JSON array. */
    body: text("body", { mode: "json" }).$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.locale] })],
);

export const categoryArticles = sqliteTable(
  "category_articles",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id),
    position: integer("position").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.articleId] })],
);

export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey(),
  site: text("site")
    .notNull()
    .references(() => sites.slug),
  key: text("key").notNull(),
});

export const tagTexts = sqliteTable(
  "tag_texts",
  {
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
  },
  (table) => [primaryKey({ columns: [table.tagId, table.locale] })],
);

export const articleTags = sqliteTable(
  "article_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.tagId] })],
);

import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const sites = sqliteTable("sites", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  country: text("country").notNull(),
  currency: text("currency").notNull(),
  decimals: integer("decimals", { mode: "boolean" }).notNull(),
  defaultLocale: text("default_locale").notNull(),
});

export const articles = sqliteTable("articles", {
  id: integer("id").primaryKey(),
  site: text("site").notNull().references(() => sites.slug),
  slug: text("slug").notNull(),
  /** Price in the site's currency, integer minor units. */
  price: integer("price").notNull(),
  image: text("image").notNull(),
  collection: text("collection"),
  position: integer("position").notNull().default(0),
  kind: text("kind").notNull().default("photo-prints"),
  popularity: integer("popularity").notNull().default(0),
  createdAt: text("created_at").notNull().default("2026-01-01"),
});

export const articleTexts = sqliteTable(
  "article_texts",
  {
    articleId: integer("article_id").notNull().references(() => articles.id),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    namePlural: text("name_plural").notNull(),
    description: text("description").notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.locale] })],
);

export const articleOptions = sqliteTable("article_options", {
  id: integer("id").primaryKey(),
  articleId: integer("article_id").notNull().references(() => articles.id),
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
    articleId: integer("article_id").notNull().references(() => articles.id),
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
  site: text("site").notNull().references(() => sites.slug),
  key: text("key").notNull(),
  listMode: text("list_mode").notNull(),
  position: integer("position").notNull().default(0),
});

export const categoryTexts = sqliteTable(
  "category_texts",
  {
    categoryId: integer("category_id").notNull().references(() => categories.id),
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
    categoryId: integer("category_id").notNull().references(() => categories.id),
    articleId: integer("article_id").notNull().references(() => articles.id),
    position: integer("position").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.articleId] })],
);

export const tags = sqliteTable("tags", {
  id: integer("id").primaryKey(),
  site: text("site").notNull().references(() => sites.slug),
  key: text("key").notNull(),
});

export const tagTexts = sqliteTable(
  "tag_texts",
  {
    tagId: integer("tag_id").notNull().references(() => tags.id),
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
    articleId: integer("article_id").notNull().references(() => articles.id),
    tagId: integer("tag_id").notNull().references(() => tags.id),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.tagId] })],
);

export const designs = sqliteTable("designs", {
  id: text("id").primaryKey(),
  site: text("site").notNull().references(() => sites.slug),
  articleId: integer("article_id").notNull().references(() => articles.id),
  theme: text("theme").notNull(),
  /** GROUP_APPLICATIONS, APPLICATION or PRIVATE. */
  scope: text("scope").notNull(),
  popularity: integer("popularity").notNull().default(0),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  image: text("image").notNull(),
});

export const designTexts = sqliteTable(
  "design_texts",
  {
    designId: text("design_id").notNull().references(() => designs.id),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
  },
  (table) => [primaryKey({ columns: [table.designId, table.locale] })],
);

export const offers = sqliteTable("offers", {
  id: integer("id").primaryKey(),
  site: text("site").notNull().references(() => sites.slug),
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
    offerId: integer("offer_id").notNull().references(() => offers.id),
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
    offerId: integer("offer_id").notNull().references(() => offers.id),
    articleId: integer("article_id").notNull().references(() => articles.id),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.articleId] })],
);

export const reviews = sqliteTable("reviews", {
  id: integer("id").primaryKey(),
  site: text("site").notNull().references(() => sites.slug),
  articleId: integer("article_id").notNull().references(() => articles.id),
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
    categoryId: integer("category_id").notNull().references(() => helpCategories.id),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.locale] })],
);

export const helpTopics = sqliteTable("help_topics", {
  id: integer("id").primaryKey(),
  categoryId: integer("category_id").notNull().references(() => helpCategories.id),
  position: integer("position").notNull().default(0),
});

export const helpTopicTexts = sqliteTable(
  "help_topic_texts",
  {
    topicId: integer("topic_id").notNull().references(() => helpTopics.id),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    body: text("body", { mode: "json" }).$type<string[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.topicId, table.locale] })],
);

export const helpFeedback = sqliteTable("help_feedback", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  topicId: integer("topic_id").notNull().references(() => helpTopics.id),
  helpful: integer("helpful", { mode: "boolean" }).notNull(),
  extSessionId: text("ext_session_id").notNull(),
  createdAt: text("created_at").notNull(),
});

export const banners = sqliteTable("banners", {
  id: integer("id").primaryKey(),
  site: text("site").notNull().references(() => sites.slug),
  key: text("key").notNull(),
  /** category:{key}, offer:{code} or tag:{key}. */
  link: text("link").notNull(),
  position: integer("position").notNull().default(0),
  image: text("image").notNull(),
});

export const bannerTexts = sqliteTable(
  "banner_texts",
  {
    bannerId: integer("banner_id").notNull().references(() => banners.id),
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
    site: text("site").notNull().references(() => sites.slug),
    key: text("key").notNull(),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    intro: text("intro").notNull(),
    sections: text("sections", { mode: "json" }).$type<{ heading: string; body: string }[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.site, table.key, table.locale] })],
);

export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  site: text("site").notNull().references(() => sites.slug),
  email: text("email").notNull(),
  locale: text("locale").notNull(),
  /** PENDING until the e-mailed link is opened, then CONFIRMED; UNSUBSCRIBED after leaving. */
  status: text("status").notNull(),
  confirmToken: text("confirm_token").notNull(),
  createdAt: text("created_at").notNull(),
  confirmedAt: text("confirmed_at"),
  unsubscribedAt: text("unsubscribed_at"),
});

export const emailOutbox = sqliteTable("email_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  site: text("site").notNull(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  bodyText: text("body_text").notNull(),
  kind: text("kind").notNull(),
  createdAt: text("created_at").notNull(),
});

/** A visitor's cart, owned by the product API session id that created it (the storefront keeps only the cart id). */
export const carts = sqliteTable("carts", {
  id: text("id").primaryKey(),
  site: text("site").notNull().references(() => sites.slug),
  extSessionId: text("ext_session_id").notNull(),
  customerId: text("customer_id"),
  promotionCode: text("promotion_code"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const cartLines = sqliteTable("cart_lines", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  cartId: text("cart_id").notNull().references(() => carts.id),
  articleId: integer("article_id").notNull().references(() => articles.id),
  /** The chosen option ids, ascending, comma-separated. */
  options: text("options").notNull(),
  quantity: integer("quantity").notNull(),
  designId: text("design_id"),
  createdAt: text("created_at").notNull(),
});

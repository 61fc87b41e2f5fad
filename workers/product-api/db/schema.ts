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

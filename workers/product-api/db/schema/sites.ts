import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The sites (brands) every other table belongs to.

export const sites = sqliteTable("sites", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  country: text("country").notNull(),
  currency: text("currency").notNull(),
  decimals: integer("decimals", { mode: "boolean" }).notNull(),
  defaultLocale: text("default_locale").notNull(),
});

import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";

// Newsletter subscribers and the e-mail outbox.

export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  site: text("site")
    .notNull()
    .references(() => sites.slug),
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

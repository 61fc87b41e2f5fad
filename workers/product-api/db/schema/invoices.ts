import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";
import { orders } from "./orders";

// Invoices and their gapless numbers.

/** One invoice per paid order, numbered per site and year without gaps (invoice_counters hands out the numbers). */
export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    accountId: text("account_id"),
    issuedAt: text("issued_at").notNull(),
  },
  (table) => [
    uniqueIndex("invoices_site_year_sequence").on(table.site, table.year, table.sequence),
    index("invoices_account_id").on(table.accountId),
  ],
);

export const invoiceCounters = sqliteTable(
  "invoice_counters",
  {
    site: text("site").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (table) => [primaryKey({ columns: [table.site, table.year] })],
);

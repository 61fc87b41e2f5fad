import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";
import { accounts } from "./accounts";

// Support tickets, their quotes and messages.

/** Support tickets: from the contact form (a guest, account_id null) or from an account. */
export const tickets = sqliteTable(
  "tickets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull().unique(),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    accountId: text("account_id").references(() => accounts.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    locale: text("locale").notNull(),
    orderPublicId: text("order_public_id"),
    subject: text("subject").notNull(),
    /** PENDING, RESOLVED or ARCHIVED. */
    status: text("status").notNull().default("PENDING"),
    /** SUPPORT (a question) or QUOTE (a company's request for a quote, its details in ticket_quotes). */
    kind: text("kind").notNull().default("SUPPORT"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [index("tickets_account_id").on(table.accountId)],
);

/** What a quote request asks for (docs/decisions/0039), and where its life stands once support has priced it. */
export const ticketQuotes = sqliteTable("ticket_quotes", {
  ticketId: integer("ticket_id")
    .primaryKey()
    .references(() => tickets.id),
  company: text("company").notNull(),
  phone: text("phone"),
  products: text("products").notNull(),
  quantity: integer("quantity").notNull(),
  /** The day it is needed by (YYYY-MM-DD). */
  deadline: text("deadline").notNull(),
  /** SEND (a carrier, as at checkout) or MANAGED (the shop arranges the delivery). */
  arrangement: text("arrangement").notNull(),
  /** Null while asked and priced; then 8 confirmed, 5 completed or 100 canceled (the spec's other status set). */
  quoteStatus: integer("quote_status"),
});

export const ticketMessages = sqliteTable(
  "ticket_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id),
    /** CUSTOMER or AGENT. */
    author: text("author").notNull(),
    authorAccountId: text("author_account_id"),
    body: text("body").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("ticket_messages_ticket_id").on(table.ticketId)],
);

import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";
import { carts } from "./carts";

// Orders, their lines and history, payments, and what a shopper must do for an order.

/** An order: a snapshot of the cart and checkout at the moment it was placed. */
export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull().unique(),
    /** One order per cart content and checkout data: concurrent and repeated submits find this row. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id),
    extSessionId: text("ext_session_id").notNull(),
    customerId: text("customer_id"),
    locale: text("locale").notNull(),
    email: text("email").notNull(),
    contact: text("contact").notNull(),
    address: text("address").notNull(),
    shipment: text("shipment").notNull(),
    paymentMethod: text("payment_method").notNull(),
    paymentType: text("payment_type").notNull(),
    paymentStatus: text("payment_status").notNull(),
    statusCode: integer("status_code").notNull(),
    shipmentStatus: text("shipment_status"),
    trackingReference: text("tracking_reference"),
    currency: text("currency").notNull(),
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull(),
    shipping: integer("shipping").notNull(),
    /** The VAT percent inside the total, as charged (0 only on rows the backfill in 0008 could not price). */
    vatRate: real("vat_rate").notNull().default(0),
    vat: integer("vat").notNull(),
    total: integer("total").notNull(),
    promotionCode: text("promotion_code"),
    /** The promotion's percent when the order was placed; null without a promotion. */
    discountPercent: integer("discount_percent"),
    createdAt: text("created_at").notNull(),
    paidAt: text("paid_at"),
  },
  (table) => [
    index("orders_cart_id").on(table.cartId),
    // An account's orders, newest first (its pages and home): without it SQLite reads the brand's orders by date
    // (orders_site_created) and checks each one's customer.
    index("orders_customer_site_created").on(table.customerId, table.site, table.createdAt),
    // The marketing report reads a brand's orders of a range of days (docs/decisions/0027).
    index("orders_site_created").on(table.site, table.createdAt),
  ],
);

export const orderLines = sqliteTable(
  "order_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    articleId: integer("article_id").notNull(),
    name: text("name").notNull(),
    namePlural: text("name_plural").notNull(),
    slug: text("slug").notNull(),
    image: text("image").notNull(),
    options: text("options").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    total: integer("total").notNull(),
    designId: text("design_id"),
    /** A creator design as ordered: its version, name, preview and print file (kept if the design is deleted later). */
    designVersion: integer("design_version"),
    designName: text("design_name"),
    designPreview: text("design_preview"),
    designPrint: text("design_print"),
    /** A paged design's inner pages as ordered, and how many of them were charged as extra pages. */
    innerPages: integer("inner_pages"),
    extraPages: integer("extra_pages").notNull().default(0),
  },
  (table) => [
    index("order_lines_order_id").on(table.orderId),
    // The designs admin's "ordered" filter asks whether any order line holds a design.
    index("order_lines_design_id").on(table.designId),
  ],
);

/** The order's history: each status code or shipment status it went through, for the tracking timeline. */
export const orderEvents = sqliteTable("order_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  orderId: integer("order_id")
    .notNull()
    .references(() => orders.id),
  statusCode: integer("status_code"),
  shipmentStatus: text("shipment_status"),
  createdAt: text("created_at").notNull(),
});

/** A payment attempt with the provider; an order can have several (a failed one, then a paid one). */
export const payments = sqliteTable("payments", {
  id: text("id").primaryKey(),
  orderId: integer("order_id")
    .notNull()
    .references(() => orders.id),
  provider: text("provider").notNull(),
  method: text("method").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  /** PENDING, PAID, FAILED or CANCELED. */
  status: text("status").notNull(),
  /** The provider's own id of this attempt (a Stripe Checkout Session), once it has made one; null for the sandbox. */
  providerReference: text("provider_reference"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** Webhook events already handled, by the provider's event id: a replayed event changes nothing. */
export const paymentEvents = sqliteTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  paymentId: text("payment_id")
    .notNull()
    .references(() => payments.id),
  type: text("type").notNull(),
  receivedAt: text("received_at").notNull(),
});

/** Something the shopper must do for an order (PROVIDE_DATA_TO_REFUND), answered once. */
export const userRequiredActions = sqliteTable("user_required_actions", {
  publicId: text("public_id").primaryKey(),
  orderId: integer("order_id")
    .notNull()
    .references(() => orders.id),
  type: text("type").notNull(),
  /** The answer (holder and IBAN for a refund), JSON, null until given. */
  answer: text("answer"),
  createdAt: text("created_at").notNull(),
  resolvedAt: text("resolved_at"),
});

import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";
import { articles } from "./catalogue";

// Carts, their lines and checkout steps, and the carriers' pickup points.

/** A visitor's cart, owned by the product API session id that created it (the storefront keeps only the cart id). */
export const carts = sqliteTable(
  "carts",
  {
    id: text("id").primaryKey(),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    extSessionId: text("ext_session_id").notNull(),
    customerId: text("customer_id"),
    promotionCode: text("promotion_code"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Set when the cart's order is paid: a closed cart takes no more changes. */
    closedAt: text("closed_at"),
  },
  (table) => [index("carts_customer_id").on(table.customerId)],
);

export const cartLines = sqliteTable("cart_lines", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  cartId: text("cart_id")
    .notNull()
    .references(() => carts.id),
  articleId: integer("article_id")
    .notNull()
    .references(() => articles.id),
  /** The chosen option ids, ascending, comma-separated. */
  options: text("options").notNull(),
  quantity: integer("quantity").notNull(),
  designId: text("design_id"),
  /** For a creator design: the printed version the line sells. */
  designVersion: integer("design_version"),
  /** For a creator design of a paged product: the printed version's inner pages, counted from its document. */
  innerPages: integer("inner_pages"),
  createdAt: text("created_at").notNull(),
});

/** What the shopper entered at each checkout step, one JSON document per step, keyed by cart. */
export const cartCheckouts = sqliteTable("cart_checkouts", {
  cartId: text("cart_id")
    .primaryKey()
    .references(() => carts.id),
  contact: text("contact"),
  address: text("address"),
  shipment: text("shipment"),
  payment: text("payment"),
  updatedAt: text("updated_at").notNull(),
});

/** Carriers' pickup points (parcel shops and lockers) per country, searched by postcode. */
export const pickupPoints = sqliteTable(
  "pickup_points",
  {
    id: text("id").primaryKey(),
    /**
     * CARRIER: a carrier's parcel shop or locker (delivery type PICKPOINT); PARTNER: a partner shop
     * (PICKPOINT_CUSTOMER).
     */
    kind: text("kind").notNull(),
    /** The carrier that delivers there; partner shops are served by the brand's first carrier. */
    carrier: text("carrier").notNull(),
    country: text("country").notNull(),
    name: text("name").notNull(),
    street: text("street").notNull(),
    postcode: text("postcode").notNull(),
    city: text("city").notNull(),
    /** The postcode's digits as a number, for nearest-first ordering. */
    postcodeNumber: integer("postcode_number").notNull(),
    latitude: integer("latitude_e6").notNull(),
    longitude: integer("longitude_e6").notNull(),
    openingHours: text("opening_hours").notNull(),
  },
  (table) => [index("pickup_points_country_kind").on(table.country, table.kind, table.postcodeNumber)],
);

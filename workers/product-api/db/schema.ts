import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DESIGN_KINDS } from "@contract/api/enums";

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

export const designs = sqliteTable(
  "designs",
  {
    id: text("id").primaryKey(),
    /**
     * CATALOGUE (the shop's own, `d-…` ids), SAVED (an account's, without a document) or CREATOR (made in the creator,
     * `cd_…` ids, versioned): queries tell them apart by this, never by the id's shape. Inserts name it.
     */
    kind: text("kind", { enum: DESIGN_KINDS }).notNull().default("SAVED"),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id),
    theme: text("theme").notNull(),
    /** GROUP_APPLICATIONS, APPLICATION or PRIVATE. */
    scope: text("scope").notNull(),
    popularity: integer("popularity").notNull().default(0),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    image: text("image").notNull(),
    /** The account that saved it (null for the shop's own designs); GROUP_APPLICATIONS designs are shared with its group. */
    accountId: text("account_id"),
    /** A creator design made by a guest: the storefront session that owns it until sign-in moves it to the account. */
    extSessionId: text("ext_session_id"),
    /** A creator design's own name (the shop's designs are named per language in design_texts). */
    name: text("name"),
    /** A creator design's current version (design_versions holds every one). */
    version: integer("version"),
    /** The latest version whose print file was recorded (what goes to the cart), if any. */
    printedVersion: integer("printed_version"),
  },
  (table) => [index("designs_account_id").on(table.accountId), index("designs_ext_session_id").on(table.extSessionId)],
);

/** Every saved version of a creator design, and the print file recorded for a version before it went to the cart. */
export const designVersions = sqliteTable(
  "design_versions",
  {
    designId: text("design_id")
      .notNull()
      .references(() => designs.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** The design document (contract/creator/document.ts), JSON. */
    document: text("document").notNull(),
    savedAt: text("saved_at").notNull(),
    printUpload: text("print_upload"),
    previewUpload: text("preview_upload"),
    printWidth: integer("print_width"),
    printHeight: integer("print_height"),
    printDpi: integer("print_dpi"),
    /** The quality checks recomputed when the print file was recorded, JSON. */
    printChecks: text("print_checks"),
    printedAt: text("printed_at"),
  },
  (table) => [primaryKey({ columns: [table.designId, table.version] })],
);

export const designTexts = sqliteTable(
  "design_texts",
  {
    designId: text("design_id")
      .notNull()
      .references(() => designs.id),
    locale: text("locale").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
  },
  (table) => [primaryKey({ columns: [table.designId, table.locale] })],
);

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
    /** CARRIER: a carrier's parcel shop or locker (delivery type PICKPOINT); PARTNER: a partner shop (PICKPOINT_CUSTOMER). */
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

/**
 * Shoppers' and business partners' accounts, one set per site. The password is PBKDF2-SHA256 with its own salt and
 * iteration count (null for an account that only signs in with another provider).
 */
export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    passwordSalt: text("password_salt"),
    passwordIterations: integer("password_iterations"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    customerType: text("customer_type").notNull().default("PERSON"),
    companyName: text("company_name"),
    taxId: text("tax_id"),
    /** customer or master. */
    kind: text("kind").notNull().default("customer"),
    masterId: text("master_id"),
    /** JSON array of orders, tickets, invoices. */
    permissions: text("permissions").notNull().default('["orders","tickets","invoices"]'),
    /** JSON array of the shop's own staff roles: "marketing" reads the marketing dashboard (docs/decisions/0027). */
    roles: text("roles").notNull().default("[]"),
    canMakeOrders: integer("can_make_orders", { mode: "boolean" }).notNull().default(true),
    locale: text("locale").notNull(),
    /** ACTIVE; INVITED (a sub-account that has not chosen its password yet); SUSPENDED (by its master); DELETED (anonymised). */
    status: text("status").notNull().default("ACTIVE"),
    /** YYYY-MM-DD, for the adult check. */
    birthDate: text("birth_date"),
    phone: text("phone"),
    /** The default delivery address (it fills the checkout's step 2), JSON in the checkout's address shape, or null. */
    defaultAddress: text("default_address"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("accounts_site_email").on(table.site, table.email),
    index("accounts_master_id").on(table.masterId),
  ],
);

/** Who an account is at another sign-in provider (OpenID Connect): the provider's subject for that person. */
export const accountIdentities = sqliteTable(
  "account_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

/** Password-reset links: only the SHA-256 of the token is kept; single use, one hour. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("password_resets_account_id").on(table.accountId)],
);

/** A master account's company data and the defaults for its staff, and its commission rate. */
export const masterConfigs = sqliteTable("master_configs", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id),
  companyName: text("company_name").notNull(),
  taxId: text("tax_id"),
  phone: text("phone"),
  /** JSON, the checkout's address shape. */
  address: text("address"),
  /** JSON array of the permissions a new sub-account starts with. */
  staffPermissions: text("staff_permissions").notNull().default('["orders"]'),
  staffCanMakeOrders: integer("staff_can_make_orders", { mode: "boolean" }).notNull().default(true),
  /** Percent of the order's net total the master earns on its group's orders. */
  commissionRate: real("commission_rate").notNull().default(5),
  updatedAt: text("updated_at").notNull(),
});

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

/** What a master earns on an order of its group (a sub-account's) or of an affiliate it brought. */
export const commissions = sqliteTable(
  "commissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    masterId: text("master_id")
      .notNull()
      .references(() => accounts.id),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id),
    /** GROUP (a sub-account's order) or AFFILIATE. */
    source: text("source").notNull(),
    rate: real("rate").notNull(),
    /** The order's total without VAT, in minor units. */
    base: integer("base").notNull(),
    amount: integer("amount").notNull(),
    /** PENDING, APPROVED, PAID or CANCELED. */
    status: text("status").notNull().default("PENDING"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("commissions_master_id").on(table.masterId)],
);

/**
 * An affiliate: a partner whose links carry `afcust={id}` (the spec's numeric customer_id of an affiliate hit). Its
 * commission on the orders it brings goes to its master account (docs/decisions/0025).
 */
export const affiliates = sqliteTable("affiliates", {
  id: integer("id").primaryKey(),
  site: text("site")
    .notNull()
    .references(() => sites.slug),
  name: text("name").notNull(),
  /** The master account that earns the commission; null for an affiliate paid outside the shop. */
  masterId: text("master_id").references(() => accounts.id),
  /** Percent of an order's total without VAT. */
  commissionRate: real("commission_rate").notNull(),
  /** ACTIVE or PAUSED (a paused affiliate's hits and orders are not counted for it). */
  status: text("status").notNull().default("ACTIVE"),
  createdAt: text("created_at").notNull(),
});

/** The spec's affiliate hits as the API received them; the client address arrives truncated. */
export const affiliateHits = sqliteTable(
  "affiliate_hits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    affiliateId: integer("affiliate_id").notNull(),
    deviceFootprint: text("device_footprint").notNull(),
    domain: text("domain").notNull(),
    url: text("url").notNull(),
    ip: text("ip").notNull(),
    campaign: text("campaign"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("affiliate_hits_affiliate").on(table.affiliateId, table.createdAt)],
);

/** How an order's buyer came, as the storefront recorded it at checkout within the buyer's consent (one per order). */
export const orderAttribution = sqliteTable(
  "order_attribution",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id),
    affiliateId: integer("affiliate_id"),
    awc: text("awc"),
    /** The last touch: its channel, source, medium, campaign, landing page and referrer. */
    channel: text("channel").notNull(),
    source: text("source"),
    medium: text("medium"),
    campaign: text("campaign"),
    landingPage: text("landing_page"),
    referrer: text("referrer"),
    touchedAt: text("touched_at"),
    /** The utm_* and click ids of the last touch, JSON objects of the names that were present. */
    utm: text("utm").notNull().default("{}"),
    clickIds: text("click_ids").notNull().default("{}"),
    firstChannel: text("first_channel"),
    firstSource: text("first_source"),
    firstMedium: text("first_medium"),
    firstCampaign: text("first_campaign"),
    firstLandingPage: text("first_landing_page"),
    firstTouchedAt: text("first_touched_at"),
    consentAds: integer("consent_ads", { mode: "boolean" }).notNull(),
    consentAnalytics: integer("consent_analytics", { mode: "boolean" }).notNull(),
  },
  (table) => [
    index("order_attribution_channel").on(table.channel),
    index("order_attribution_affiliate").on(table.affiliateId),
  ],
);

/**
 * A paid order's conversion, reported to the affiliate network server to server (docs/decisions/0025): once per
 * order, retried until the network takes it.
 */
export const affiliateConversions = sqliteTable(
  "affiliate_conversions",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    /** The network's name: "sandbox" locally and in tests. */
    network: text("network").notNull(),
    affiliateId: integer("affiliate_id"),
    awc: text("awc"),
    /** What the conversion is worth to the network: the order's total without VAT, in minor units. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** PENDING, REPORTED or FAILED (retries used up). */
    status: text("status").notNull().default("PENDING"),
    reference: text("reference"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    reportedAt: text("reported_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("affiliate_conversions_status").on(table.status)],
);

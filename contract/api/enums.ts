/** The API's enumerations, free of zod so that components can import them without shipping the validator. */
export const COLLECTION_TAGS = ["INFANTIL", "OUTLET", "NOVELTY", "TOP_SALES", "ECONOMIC", "PROMOTION"] as const;
export const LIST_MODES = ["LIST_DESIGNS", "LIST", "LANDING"] as const;
export const DESIGN_SORTS = ["DATE_LAST_MODIFICATION", "DATE_CREATION", "POPULARITY"] as const;
export const PROJECT_SCOPES = ["GROUP_APPLICATIONS", "APPLICATION", "PRIVATE"] as const;
/**
 * The kinds of design the designs table holds (docs/decisions/0044): the shop's own ready-made designs, designs an
 * account saved without a document, and designs made in the creator (versioned documents).
 */
export const DESIGN_KINDS = ["CATALOGUE", "SAVED", "CREATOR"] as const;
export type DesignKind = (typeof DESIGN_KINDS)[number];
export const ARTICLE_SORTS = ["position", "price_asc", "price_desc", "popularity", "newest", "rating"] as const;
export const MEDIA_TYPES = ["IMAGE", "VIDEO"] as const;
export const CONTENT_KINDS = [
  "attribute",
  "banner",
  "catalog",
  "environment",
  "design",
  "product",
  "project_preview",
  "review",
  "shipment_company",
] as const;
export const OFFER_STATES = ["ACTIVE", "UPCOMING", "EXPIRED"] as const;
export const SEARCH_KINDS = ["article", "category", "tag", "design", "help"] as const;
/** The option groups of an article, in the order the product page and the cart show them. */
export const OPTION_GROUPS = ["size", "finish", "paper"] as const;
/** The most of one line a cart takes. */
export const MAX_LINE_QUANTITY = 999;
export const PROMOTION_STATES = ["APPLIED", "EXPIRED", "NOT_APPLICABLE", "UNKNOWN"] as const;
export { CHECKOUT_STEPS } from "../checkout/steps";
export const CUSTOMER_TYPES = ["PERSON", "COMPANY"] as const;
export const PICKUP_POINT_KINDS = ["CARRIER", "PARTNER"] as const;
/** A shopper's own account, or a business partner's ("master") that owns staff sub-accounts. */
export const ACCOUNT_KINDS = ["customer", "master"] as const;
/** What a sub-account of a master may see; a customer and a master have them all. */
export const ACCOUNT_PERMISSIONS = ["orders", "tickets", "invoices"] as const;
/**
 * Only ACTIVE accounts sign in; INVITED sub-accounts choose a password first; SUSPENDED by their master; DELETED
 * anonymised.
 */
export const ACCOUNT_STATUSES = ["ACTIVE", "INVITED", "SUSPENDED", "DELETED"] as const;
/** The shop's own staff roles an account may hold besides its kind: "marketing" reads the marketing dashboard. */
export const ACCOUNT_ROLES = ["marketing"] as const;
/**
 * PENDING waits for support, RESOLVED has support's answer (or the customer said it is solved), ARCHIVED closed by the
 * customer.
 */
export const TICKET_STATUSES = ["PENDING", "RESOLVED", "ARCHIVED"] as const;
/** Who wrote a ticket's message: the customer (or a member of its group) or support. */
export const TICKET_AUTHORS = ["CUSTOMER", "AGENT"] as const;
/** The spec's date filter for lists of orders. */
export const DATE_FILTERS = ["without", "thirty_days", "three_months", "this_year", "last_year"] as const;
export const COMMISSION_STATUSES = ["PENDING", "APPROVED", "PAID", "CANCELED"] as const;
/** GROUP: an order of a master's staff sub-account; AFFILIATE: an order the master brought as an affiliate. */
export const COMMISSION_SOURCES = ["GROUP", "AFFILIATE"] as const;
/** What a master may set a staff sub-account to: suspended, or active again. */
export const STAFF_STATUS_CHANGES = ["SUSPENDED", "ACTIVE"] as const;
/**
 * What a content block's item is (docs/decisions/0039): ARTICLE a product, RESOURCE a page of the shop (a category, a
 * tag, the offers, the help centre), TAB a help-centre answer shown folded.
 */
export const RESOURCE_KINDS = ["RESOURCE", "TAB", "ARTICLE"] as const;
/** The pages that show a content block from the product API: the 404 screen, the search results and the cart. */
export const PAGE_KINDS = ["404", "SEARCH_PAGE", "CART"] as const;
/** A yes/no filter of an account's list as the URL carries it: ALL (no filter), true or false. */
export const BOOLEAN_FILTERS = ["ALL", "true", "false"] as const;
/**
 * Where an order's parcel goes (docs/decisions/0039): ADDRESS to the shopper's address, PICKPOINT to a pickup point
 * (a carrier's or a partner shop's), CUSTOMER collected by the customer at the workshop, MANAGED arranged by the shop.
 */
export const DELIVERY_MODES = ["ADDRESS", "PICKPOINT", "MANAGED", "CUSTOMER"] as const;
/** Who arranges a delivery: SEND, a carrier takes it as chosen at checkout; MANAGED, the shop arranges it (quotes). */
export const DELIVERY_ARRANGEMENTS = ["SEND", "MANAGED"] as const;
/** What a support ticket is about: a SUPPORT question, or a company's QUOTE request. */
export const TICKET_KINDS = ["SUPPORT", "QUOTE"] as const;
/** A quote request's life once support has priced it (the spec's other status set): confirmed, completed, canceled. */
export const QUOTE_STATUSES = { CONFIRMED: 8, COMPLETED: 5, CANCELED: 100 } as const;

import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";
import { orders } from "./orders";
import { accounts } from "./accounts";

// Commissions, affiliates and their hits, how orders' buyers came, and conversions reported to the network.

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

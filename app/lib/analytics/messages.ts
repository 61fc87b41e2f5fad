import type { Channel } from "@contract/marketing/channels";

/**
 * What the EVENTS queue carries (docs/decisions/0026): the visitor's page views and interactions, the affiliate hits
 * and the answers to the consent banner. The consumer writes each kind to its table of the analytics D1 and adds it to
 * the daily rollups, once per id. Client addresses are truncated before a message is made.
 */

/** A page view or an interaction (add_to_cart, begin_checkout, purchase), sent with analytics consent only. */
export type PageEventMessage = {
  /** Absent on messages queued before there were other kinds. */
  kind?: "page";
  eventId: string;
  category: string;
  name: string;
  url: string;
  path: string;
  title: string;
  referrer: string;
  userAgent: string | null;
  /** Truncated: the last octet of IPv4, the last 80 bits of IPv6 are zero. */
  ip: string | null;
  platform: string;
  mobile: boolean;
  session: string | null;
  brand: string;
  createdAt: string;
  /** The visit (the `visit` cookie); null for messages queued before visits were counted. */
  visitId?: string | null;
  /** The first page view of its visit (the visit's landing page). */
  landing?: boolean;
  /** The visit's channel, source, medium and campaign (its landing's), on every page view of the visit. */
  channel?: Channel;
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
};

/** An affiliate hit as the storefront recorded it (with or without the product API's success). */
export type AffiliateHitMessage = {
  kind: "affiliate_hit";
  eventId: string;
  brand: string;
  affiliateId: string;
  campaign: string | null;
  url: string;
  domain: string;
  deviceFootprint: string;
  ip: string | null;
  /** The product API's success flag. */
  accepted: boolean;
  createdAt: string;
};

/** An answer to the consent banner: counted per brand and day, with no identifier of the visitor. */
export type ConsentMessage = {
  kind: "consent";
  eventId: string;
  brand: string;
  ads: boolean;
  analytics: boolean;
  version: string;
  createdAt: string;
};

export type AnalyticsMessage = PageEventMessage | AffiliateHitMessage | ConsentMessage;

/** The names of the interactions the dashboard counts, sent like page views (category "ecommerce"). */
export const INTERACTIONS = ["add_to_cart", "begin_checkout", "purchase"] as const;
export type Interaction = (typeof INTERACTIONS)[number];

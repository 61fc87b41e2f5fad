import type { Channel } from "@contract/marketing/channels";
import type { GoogleConsentState } from "@contract/marketing/consent";

/**
 * What the EVENTS queue carries (docs/decisions/0026): the visitor's page views and interactions, the affiliate hits,
 * the answers to the consent banner and their records (0035). The consumer writes each kind to its table of the
 * analytics D1 and adds it to the daily rollups, once per id. Client addresses are truncated before a message is made.
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

/**
 * The proof of one consent decision (docs/decisions/0035), kept long after the anonymous answers: under the visitor's
 * consent id, the version of the text, Google's four consent states, whether the browser sent Global Privacy Control,
 * and the client address only as a hash of the id and the truncated address.
 */
export type ConsentRecordMessage = {
  kind: "consent_record";
  eventId: string;
  consentId: string;
  brand: string;
  version: string;
  /** `choice`: an answer (the first or a change); `forget`: the answer withdrawn altogether (the banner asks again). */
  action: ConsentRecordAction;
  state: GoogleConsentState;
  gpc: boolean;
  /** SHA-256 (hex) of the consent id and the truncated client address; null when the request had no address. */
  addressHash: string | null;
  createdAt: string;
};
export const CONSENT_RECORD_ACTIONS = ["choice", "forget"] as const;
export type ConsentRecordAction = (typeof CONSENT_RECORD_ACTIONS)[number];

export type AnalyticsMessage = PageEventMessage | AffiliateHitMessage | ConsentMessage | ConsentRecordMessage;

/** The names of the interactions the dashboard counts, sent like page views (category "ecommerce"). */
export const INTERACTIONS = ["add_to_cart", "begin_checkout", "purchase"] as const;
export type Interaction = (typeof INTERACTIONS)[number];

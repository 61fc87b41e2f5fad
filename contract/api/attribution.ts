import { z } from "zod";
import { CHANNELS } from "../marketing/channels";
import {
  CLICK_ID_PARAMS,
  cleanAffiliateId,
  cleanAwc,
  cleanClickId,
  cleanUtm,
  MAX_URL_LENGTH,
  UTM_PARAMS,
} from "../marketing/campaign";
import { jsonField } from "../rules/json-field";

/**
 * Marketing's side of the product API (docs/decisions/0025): the spec's affiliate hit, and the attribution an order
 * records at checkout. The storefront builds both from its cookies; the API checks them again here.
 */

/** POST affiliates/hits: the spec's payload. Only the answer's success flag is read. */
export const affiliateHitParams = z.object({
  customer_id: z.string().regex(/^\d{1,12}$/),
  /** A SHA-256 (hex) of what identifies the device without a cookie: client address, user agent, language. */
  device_footprint: z.string().regex(/^[0-9a-f]{64}$/),
  domain: z.string().min(1).max(253),
  url: z.url({ protocol: /^https?$/ }).max(2048),
  ip: z.string().min(2).max(45),
  campaign: z.string().max(150).optional(),
});
export type AffiliateHitParams = z.infer<typeof affiliateHitParams>;
export const affiliateHitResultSchema = z.object({ success: z.boolean() });

const kept = (clean: (value: string) => string | undefined) =>
  z
    .string()
    .max(400)
    .nullable()
    .transform((value) => (value === null ? null : (clean(value) ?? null)));
const path = z.string().max(MAX_URL_LENGTH).nullable();

const touchSchema = z.object({
  channel: z.enum(CHANNELS),
  source: kept(cleanUtm),
  medium: kept(cleanUtm),
  campaign: kept(cleanUtm),
  landingPage: path,
  referrer: path,
  /** When the landing was (ISO). */
  at: z.iso.datetime().nullable(),
});
export type Touch = z.input<typeof touchSchema>;

/** What an order records of how its buyer came: only what the buyer's consent let the store keep. */
export const orderAttributionSchema = z.object({
  affiliateId: kept(cleanAffiliateId),
  awc: kept(cleanAwc),
  utm: z.partialRecord(z.enum(UTM_PARAMS), kept(cleanUtm)),
  clickIds: z.partialRecord(z.enum(CLICK_ID_PARAMS), kept(cleanClickId)),
  referrer: path,
  landingPage: path,
  firstTouch: touchSchema.nullable(),
  lastTouch: touchSchema,
  consent: z.object({ ads: z.boolean(), analytics: z.boolean() }),
});
export type OrderAttribution = z.input<typeof orderAttributionSchema>;

/** The place-order call carries the attribution as JSON in one form field; a broken one is refused with 400. */
export const attributionField = jsonField(orderAttributionSchema, {
  maxLength: 8192,
  message: "attribution is not JSON",
});

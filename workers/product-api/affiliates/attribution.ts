import type { z } from "zod";
import type { orderAttributionSchema } from "@contract/api/attribution";
import { cleanPath, externalReferrer } from "@contract/marketing/campaign";

export type OrderAttribution = z.output<typeof orderAttributionSchema>;
type Touch = OrderAttribution["lastTouch"];

const UNKNOWN: Touch = {
  channel: "unknown",
  source: null,
  medium: null,
  campaign: null,
  landingPage: null,
  referrer: null,
  at: null,
};

/**
 * Only what the buyer's consent let the store keep, whatever a caller sent: ads consent keeps the affiliate, the awc
 * and the click ids; analytics consent keeps the campaign, landing page, referrer and first touch; neither keeps a
 * channel that says nothing is known.
 */
export function withinConsent(attribution: OrderAttribution): OrderAttribution {
  const { ads, analytics } = attribution.consent;
  if (!ads && !analytics) {
    return {
      affiliateId: null,
      awc: null,
      utm: {},
      clickIds: {},
      referrer: null,
      landingPage: null,
      firstTouch: null,
      lastTouch: UNKNOWN,
      consent: attribution.consent,
    };
  }
  return {
    ...attribution,
    ...(ads ? {} : { affiliateId: null, awc: null, clickIds: {} }),
    ...(analytics
      ? {}
      : {
          utm: {},
          referrer: null,
          landingPage: null,
          firstTouch: null,
          lastTouch: { ...attribution.lastTouch, campaign: null, landingPage: null, referrer: null, at: null },
        }),
  };
}

/** A landing path and a referrer URL cleaned as the storefront cleans them (the schema only bounds their length). */
const pathOf = (value: string | null) => (value?.startsWith("/") ? cleanPath(value) : null);
const referrerOf = (value: string | null) => externalReferrer(value, []) ?? null;
const present = (values: Record<string, string | null | undefined>) =>
  JSON.stringify(Object.fromEntries(Object.entries(values).filter(([, value]) => value)));

/**
 * The order_attribution row of this submit's order only (the order's batch selects it by key and public id); once per
 * order.
 */
export function orderAttributionStatement(
  db: D1Database,
  given: OrderAttribution,
  order: { idempotencyKey: string; publicId: string },
) {
  const attribution = withinConsent(given);
  const last = attribution.lastTouch;
  const first = attribution.firstTouch;
  return db
    .prepare(`INSERT INTO order_attribution (order_id, affiliate_id, awc, channel, source, medium, campaign, landing_page, referrer,
      touched_at, utm, click_ids, first_channel, first_source, first_medium, first_campaign, first_landing_page, first_touched_at, consent_ads,
      consent_analytics)
    SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM orders WHERE idempotency_key = ? AND public_id = ?
    ON CONFLICT (order_id) DO NOTHING`)
    .bind(
      attribution.affiliateId === null ? null : Number(attribution.affiliateId),
      attribution.awc,
      last.channel,
      last.source,
      last.medium,
      last.campaign,
      pathOf(attribution.landingPage ?? last.landingPage),
      referrerOf(attribution.referrer ?? last.referrer),
      last.at,
      present(attribution.utm),
      present(attribution.clickIds),
      first?.channel ?? null,
      first?.source ?? null,
      first?.medium ?? null,
      first?.campaign ?? null,
      pathOf(first?.landingPage ?? null),
      first?.at ?? null,
      attribution.consent.ads ? 1 : 0,
      attribution.consent.analytics ? 1 : 0,
      order.idempotencyKey,
      order.publicId,
    );
}

import type { OrderAttribution, Touch } from "@contract/api/attribution";
import { channelOf, sourceMediumOf, type Channel } from "@contract/marketing/channels";
import { COOKIE_RULES } from "@contract/marketing/cookies";
import { cleanAffiliateId, cleanAwc, decodeClickIds, decodeUtm, externalReferrer } from "@contract/marketing/campaign";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { rawCookie, readCookie } from "~/lib/request/cookies/cookie-headers";
import { decodeFirstTouch, decodeLanding } from "./touch-cookies";

/**
 * How the buyer came, for the order placed by this request (docs/decisions/0025): read from the cookies the visitor's
 * consent allows, each cleaned again. The last touch is the last landing (its channel, campaign, page, referrer), the
 * first touch the first landing's; without analytics consent nothing says how the visitor came unless an ad cookie
 * does, and without any consent the channel is "unknown".
 */
export function orderAttributionOf(request: Request): OrderAttribution {
  const consent = requestConsent(request);
  const ads = consent?.ads === true;
  const analytics = consent?.analytics === true;
  const cookies = request.headers.get("cookie");
  const read = (name: string) => readCookie(cookies, name);
  // Cookies of named values are read as sent: their pairs carry their own (one) encoding.
  const pairs = (name: string) => rawCookie(cookies, name);

  const affiliateId = ads ? (cleanAffiliateId(read(COOKIE_RULES.affiliate.name)) ?? null) : null;
  const awc = ads ? (cleanAwc(read(COOKIE_RULES.awc.name)) ?? null) : null;
  const clickIds = ads ? decodeClickIds(pairs(COOKIE_RULES.clickIds.name)) : {};
  const utm = analytics ? decodeUtm(pairs(COOKIE_RULES.utm.name)) : {};
  const referrer = analytics ? (externalReferrer(read(COOKIE_RULES.referrer.name), []) ?? null) : null;
  const landing = analytics ? decodeLanding(pairs(COOKIE_RULES.landing.name)) : null;
  const first = analytics ? decodeFirstTouch(pairs(COOKIE_RULES.firstTouch.name)) : null;

  const facts = { utm, clickIds, affiliateId, awc, referrer };
  const seen = landing?.channel ?? channelOf(facts);
  // Without analytics consent a visit that looks direct may have come from anywhere.
  const channel: Channel = !ads && !analytics ? "unknown" : !analytics && seen === "direct" ? "unknown" : seen;
  const words = channel === "unknown" ? { source: null, medium: null } : sourceMediumOf(facts, channel);
  const lastTouch: Touch = {
    channel,
    ...words,
    campaign: utm.utm_campaign ?? null,
    landingPage: landing?.path ?? null,
    referrer,
    at: landing?.at.toISOString() ?? null,
  };
  const firstTouch: Touch | null = first && {
    channel: first.channel,
    source: first.source,
    medium: first.medium,
    campaign: first.campaign,
    landingPage: first.path,
    referrer: null,
    at: first.at.toISOString(),
  };
  return {
    affiliateId,
    awc,
    utm,
    clickIds,
    referrer,
    landingPage: landing?.path ?? null,
    firstTouch,
    lastTouch,
    consent: { ads, analytics },
  };
}

/**
 * The last landing's touch while it is less than a visit old: the edge read it from the full landing URL, which the
 * page's own address no longer shows (the parameters leave the address bar, a reload after the banner's answer).
 */
export function recentLastTouch(request: Request, now = Date.now()): Touch | null {
  const { lastTouch } = orderAttributionOf(request);
  const at = lastTouch.at ? Date.parse(lastTouch.at) : Number.NaN;
  return now - at < COOKIE_RULES.visit.maxAgeSeconds * 1000 && lastTouch.channel !== "unknown" ? lastTouch : null;
}

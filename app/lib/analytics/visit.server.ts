import { z } from "zod";
import { CHANNELS, channelOf, sourceMediumOf, type Channel } from "@contract/marketing/channels";
import { COOKIE_RULES } from "@contract/marketing/cookies";
import type { Touch } from "@contract/api/attribution";
import {
  cleanUtm,
  decodePairs,
  encodePairs,
  externalReferrer,
  hasMarketingParams,
  landingParams,
} from "@contract/marketing/campaign";
import { expiredCookieHeader, pairsCookieHeader, rawCookie } from "~/lib/request/cookies/cookie-headers";

/**
 * A visit (docs/decisions/0026): page views with no more than 30 minutes between them, kept in the `visit` cookie
 * with the channel, source, medium and campaign its landing page was reached by, so every page view of the visit
 * reports them. The cookie is analytics: set only with analytics consent.
 */
export type Visit = {
  id: string;
  channel: Channel;
  source: string | null;
  medium: string | null;
  campaign: string | null;
};

const text = z
  .string()
  .transform((value) => cleanUtm(value) ?? null)
  .nullable()
  .catch(null);
const visitCookieValue = z.object({ v: z.uuid(), c: z.enum(CHANNELS), s: text, m: text, k: text });

/** The visit the request's cookie names; null when there is none, it has expired, or its value was tampered with. */
export function currentVisit(request: Request): Visit | null {
  const value = rawCookie(request.headers.get("cookie"), COOKIE_RULES.visit.name);
  if (!value) return null;
  const parsed = visitCookieValue.safeParse(Object.fromEntries(decodePairs(value)));
  if (!parsed.success) return null;
  const { v: id, c: channel, s: source, m: medium, k: campaign } = parsed.data;
  return { id, channel, source, medium, campaign };
}

/**
 * A visit starting on this page: its channel from the page URL's parameters and the referrer from outside the brand,
 * or, when the URL carries none, from the landing the edge recorded moments ago (`recent`: the last touch's cookies).
 */
export function landingVisit(
  page: { url: string; referrer: string },
  ownHosts: readonly string[],
  recent: Touch | null = null,
): Visit {
  const search = new URL(page.url).searchParams;
  if (recent && !hasMarketingParams(search)) {
    return {
      id: crypto.randomUUID(),
      channel: recent.channel,
      source: cleanUtm(recent.source) ?? null,
      medium: cleanUtm(recent.medium) ?? null,
      campaign: cleanUtm(recent.campaign) ?? null,
    };
  }
  const landing = landingParams(search);
  const facts = { ...landing, referrer: externalReferrer(page.referrer, ownHosts) ?? null };
  const channel = channelOf(facts);
  const { source, medium } = sourceMediumOf(facts, channel);
  return {
    id: crypto.randomUUID(),
    channel,
    source: cleanUtm(source) ?? null,
    medium: cleanUtm(medium) ?? null,
    campaign: landing.utm.utm_campaign ?? null,
  };
}

/** The Set-Cookie that keeps the visit alive for another 30 minutes (sliding). */
export function visitCookie(visit: Visit, secure: boolean): string {
  const value = encodePairs({
    v: visit.id,
    c: visit.channel,
    s: visit.source ?? "",
    m: visit.medium ?? "",
    k: visit.campaign ?? "",
  });
  return pairsCookieHeader(COOKIE_RULES.visit, value, { secure });
}

/** The Set-Cookie that ends a visit (the visitor no longer allows analytics). */
export function endedVisitCookie(secure: boolean): string {
  return expiredCookieHeader(COOKIE_RULES.visit, { secure });
}

import type { ClickIds, Utm } from "./campaign";

/**
 * The channel grouping marketing reads (docs/decisions/0025): one channel per visit and per order touch, decided from
 * what the landing carried, in this order of precedence. Zod-free, shared by the storefront and the product API.
 * "unknown" is never a landing's: an order whose buyer's consent kept no landing records it (channelOf never answers
 * it).
 */
export const CHANNELS = [
  "affiliate",
  "paid_search",
  "paid_social",
  "email",
  "organic",
  "referral",
  "direct",
  "unknown",
] as const;
export type Channel = (typeof CHANNELS)[number];

type TouchFacts = {
  utm?: Utm;
  clickIds?: ClickIds;
  affiliateId?: string | null;
  awc?: string | null;
  /** The external referrer's URL (or only its host); none for a direct visit. */
  referrer?: string | null;
};

const SEARCH_ENGINES =
  /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|qwant|seznam|baidu|yandex|startpage|brave|search\.aol|ask)\.[a-z.]+$/i;
const SOCIAL_SOURCES =
  /^(facebook|fb|instagram|ig|meta|tiktok|linkedin|pinterest|twitter|x|snapchat|reddit|youtube|threads)$/i;
const PAID_MEDIUMS = /^(cpc|ppc|paid|paidsearch|paid[-_ ]search|sem|cpm|cpv|display|banner)$/i;
const PAID_SOCIAL_MEDIUMS = /^(paid[-_ ]?social|social[-_ ]?paid|social[-_ ]?ads?)$/i;
const EMAIL = /^(e[-_ ]?mail|newsletter|mailing)$/i;
const AFFILIATE_MEDIUMS = /^(affiliates?|aff|partners?)$/i;

function hostOf(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer.includes("://") ? referrer : `https://${referrer}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function channelOf(facts: TouchFacts): Channel {
  const utm = facts.utm ?? {};
  const clickIds = facts.clickIds ?? {};
  const medium = utm.utm_medium?.trim() ?? "";
  const source = utm.utm_source?.trim() ?? "";
  const host = hostOf(facts.referrer);

  if (facts.affiliateId || facts.awc || AFFILIATE_MEDIUMS.test(medium)) return "affiliate";
  if (
    clickIds.fbclid ||
    clickIds.fbc ||
    PAID_SOCIAL_MEDIUMS.test(medium) ||
    (PAID_MEDIUMS.test(medium) && SOCIAL_SOURCES.test(source))
  ) {
    return "paid_social";
  }
  if (clickIds.gclid || clickIds.gbraid || clickIds.wbraid || clickIds.msclkid || PAID_MEDIUMS.test(medium))
    return "paid_search";
  if (EMAIL.test(medium) || EMAIL.test(source)) return "email";
  if (/^organic$/i.test(medium) || (!medium && !source && host && SEARCH_ENGINES.test(host))) return "organic";
  if (medium || source || host) return "referral";
  return "direct";
}

/** The source and medium marketing reads beside the channel: the campaign's words, else the referrer's host. */
export function sourceMediumOf(facts: TouchFacts, channel: Channel): { source: string; medium: string } {
  const utm = facts.utm ?? {};
  const host = hostOf(facts.referrer);
  const source = utm.utm_source ?? (channel === "affiliate" ? "affiliate" : (host ?? "(direct)"));
  const medium =
    utm.utm_medium ??
    (channel === "organic"
      ? "organic"
      : channel === "referral"
        ? "referral"
        : channel === "direct"
          ? "(none)"
          : channel);
  return { source, medium };
}

/**
 * What a landing URL carries for marketing (docs/decisions/0025): the spec's 13 campaign parameters (UTM and click
 * ids), the affiliate's `afcust` and the network's `awc`, each cleaned before anything keeps it. "Campaign", never
 * "tracking", which is the order's (docs/decisions/0044). Zod-free: the edge and the pages use it.
 */

export const UTM_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_productid",
] as const;
export const CLICK_ID_PARAMS = ["gclid", "fbclid", "fbp", "fbc", "msclkid", "gbraid", "wbraid"] as const;
/** The spec's 13 parameters kept from the URL. */
const CAMPAIGN_PARAMS = [...UTM_PARAMS, ...CLICK_ID_PARAMS] as const;
const AFFILIATE_PARAM = "afcust";
const AWC_PARAM = "awc";
/** Every query parameter marketing reads: none of them changes what a page shows, so the page cache ignores them. */
export const MARKETING_PARAMS: readonly string[] = [...CAMPAIGN_PARAMS, AFFILIATE_PARAM, AWC_PARAM];

type UtmParam = (typeof UTM_PARAMS)[number];
type ClickIdParam = (typeof CLICK_ID_PARAMS)[number];
export type Utm = Partial<Record<UtmParam, string>>;
export type ClickIds = Partial<Record<ClickIdParam, string>>;

/** Longest kept text of a campaign value; longer ones are cut. */
const MAX_UTM_LENGTH = 150;
/** Longest kept page path or referrer; longer ones are cut. */
export const MAX_URL_LENGTH = 300;

// Control characters, the invisible and direction-changing marks that make text read other than it is, and the angle
// brackets and quotes no campaign name needs: removed, never reflected.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among what this removes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff<>"'`\\]/g;

/** A campaign value as kept: unsafe characters removed, trimmed, cut to 150 characters; empty is none. */
export function cleanUtm(value: string | null | undefined): string | undefined {
  const cleaned = value?.normalize("NFC").replace(UNSAFE, "").trim().slice(0, MAX_UTM_LENGTH).trim();
  return cleaned ? cleaned : undefined;
}

// Click ids are opaque tokens of letters, digits and a few marks; anything else is not one and is dropped.
const CLICK_ID = /^[A-Za-z0-9_.~-]{1,300}$/;
export function cleanClickId(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && CLICK_ID.test(trimmed) ? trimmed : undefined;
}

/** The spec: the affiliate hit fires only when afcust is numeric (at most 12 digits: anything longer is no id). */
const AFFILIATE_ID = /^\d{1,12}$/;
export function cleanAffiliateId(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && AFFILIATE_ID.test(trimmed) ? trimmed : undefined;
}

// An awc is the network's click reference: "1234_1700000000_0a1b2c..." (letters, digits, _ - . |).
const AWC = /^[A-Za-z0-9_.|-]{1,200}$/;
export function cleanAwc(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && AWC.test(trimmed) ? trimmed : undefined;
}

/** What a landing URL says for marketing, every value cleaned; undefined fields were absent or refused. */
export type Landing = { utm: Utm; clickIds: ClickIds; affiliateId?: string; awc?: string };

/** The named values of `pairs` that survive `clean` (a URL's query or a cookie's pairs). */
function keptValues<Name extends string>(
  pairs: URLSearchParams,
  names: readonly Name[],
  clean: (value: string | null) => string | undefined,
) {
  const kept: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = clean(pairs.get(name));
    if (value) kept[name] = value;
  }
  return kept;
}

export function landingParams(search: URLSearchParams): Landing {
  return {
    utm: keptValues(search, UTM_PARAMS, cleanUtm),
    clickIds: keptValues(search, CLICK_ID_PARAMS, cleanClickId),
    affiliateId: cleanAffiliateId(search.get(AFFILIATE_PARAM)),
    awc: cleanAwc(search.get(AWC_PARAM)),
  };
}

export function hasMarketingParams(search: URLSearchParams): boolean {
  return MARKETING_PARAMS.some((name) => search.has(name));
}

/** The URL without marketing's parameters: what the page is rendered and cached for. */
export function withoutMarketingParams(url: URL): URL {
  const clean = new URL(url);
  for (const name of MARKETING_PARAMS) clean.searchParams.delete(name);
  return clean;
}

/** A page path as kept (no query, no fragment), cut to 300 characters. */
export function cleanPath(pathname: string): string {
  return (pathname.replace(UNSAFE, "") || "/").slice(0, MAX_URL_LENGTH);
}

/**
 * An external referrer as kept: its origin and path (no query: it may carry another site's personal data), only
 * http(s), only when it is not one of the brand's own hosts; else none.
 */
export function externalReferrer(referrer: string | null | undefined, ownHosts: readonly string[]): string | undefined {
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || ownHosts.includes(url.hostname)) return undefined;
  return `${url.origin}${cleanPath(url.pathname)}`.slice(0, MAX_URL_LENGTH);
}

/**
 * The value of a cookie of named values (utm, clickid, landing, first_touch, visit): the pairs form-encoded, each value
 * encoded once, and written as they are (every character of it may stand in a cookie), never encoded again.
 */
export function encodePairs(values: Record<string, string | undefined>): string {
  const pairs = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) pairs.set(name, value);
  return pairs.toString();
}

export const decodeUtm = (cookie: string | null | undefined): Utm =>
  keptValues(decodePairs(cookie), UTM_PARAMS, cleanUtm);

export const decodeClickIds = (cookie: string | null | undefined): ClickIds =>
  keptValues(decodePairs(cookie), CLICK_ID_PARAMS, cleanClickId);

/**
 * The pairs of a cookie written by encodePairs, from the cookie's value as sent; empty when it does not decode. Values
 * written before they were kept once-encoded (the visit's once more, the others twice more) are decoded until they read
 * as pairs: such cookies are gone 90 days after the change (first_touch lives longest).
 */
export function decodePairs(cookie: string | null | undefined): URLSearchParams {
  if (!cookie) return new URLSearchParams();
  let text = cookie;
  try {
    for (let round = 0; round < 2 && !text.includes("="); round++) text = decodeURIComponent(text);
  } catch {
    return new URLSearchParams();
  }
  return new URLSearchParams(text);
}

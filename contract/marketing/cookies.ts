/**
 * Every cookie the storefront sets, with its lifetime and the consent it needs (docs/decisions/0024, 0025).
 * "necessary" cookies are set without asking: the store cannot work, or cannot remember the answer, without them.
 */
type CookiePurpose = "necessary" | "analytics" | "ads";
export type CookieRule = { name: string; maxAgeSeconds: number | null; purpose: CookiePurpose; why: string };

const DAY = 24 * 60 * 60;

export const COOKIE_RULES = {
  // The session's and the sign-in token's names are configured (SESSION_COOKIE_NAME; `__Host-` on https).
  session: {
    name: "__session",
    maxAgeSeconds: 30 * DAY,
    purpose: "necessary",
    why: "the cart, the checkout and sign-in",
  },
  csrf: {
    name: "authjs.csrf-token",
    maxAgeSeconds: null,
    purpose: "necessary",
    why: "the sign-in protocol's double-submit token",
  },
  consent: {
    name: "consent",
    // Six months: a choice is asked again after that, as European regulators advise.
    maxAgeSeconds: 183 * DAY,
    purpose: "necessary",
    why: "remembers the visitor's answer to the banner",
  },
  viewport: {
    name: "viewport",
    maxAgeSeconds: 365 * DAY,
    purpose: "necessary",
    why: "the screen's size, so the server sends images that fit; no identifier",
  },
  affiliate: {
    name: "afcust",
    maxAgeSeconds: 15 * DAY,
    purpose: "ads",
    why: "the affiliate who brought the visitor (afcust), for its commission",
  },
  awc: {
    name: "awc",
    maxAgeSeconds: 30 * DAY,
    purpose: "ads",
    why: "the affiliate network's click (awc), reported with the order",
  },
  clickIds: {
    name: "clickid",
    maxAgeSeconds: 30 * DAY,
    purpose: "ads",
    why: "the ad click ids (gclid, fbclid, fbp, fbc, msclkid, gbraid, wbraid)",
  },
  utm: { name: "utm", maxAgeSeconds: 30 * DAY, purpose: "analytics", why: "the campaign of the last landing (utm_*)" },
  referrer: {
    name: "referrer",
    maxAgeSeconds: 14 * DAY,
    purpose: "analytics",
    why: "the external site the last landing came from",
  },
  landing: {
    name: "landing",
    maxAgeSeconds: 30 * DAY,
    purpose: "analytics",
    why: "the page and time of the last landing (last touch)",
  },
  firstTouch: {
    name: "first_touch",
    maxAgeSeconds: 90 * DAY,
    purpose: "analytics",
    why: "the channel and campaign of the first landing (first touch)",
  },
  visit: {
    name: "visit",
    maxAgeSeconds: 30 * 60,
    purpose: "analytics",
    why: "groups page views into a visit (30 minutes without a page view ends it)",
  },
} as const satisfies Record<string, CookieRule>;

/** Whether the visitor's choice allows a cookie of this purpose. */
export function cookieAllowed(purpose: CookiePurpose, consent: { ads: boolean; analytics: boolean } | null): boolean {
  if (purpose === "necessary") return true;
  return purpose === "ads" ? consent?.ads === true : consent?.analytics === true;
}

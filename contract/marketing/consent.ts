/**
 * The visitor's consent (docs/decisions/0024): kept in a first-party cookie that every response can read, so an
 * edge-cached page is chosen by it without a session; the session mirrors it when the visitor has one. Zod-free: the
 * pages use it.
 */

/** The consent text's version: when it changes, every visitor is asked again (an older choice counts as none). */
export const CONSENT_VERSION = "2026-11";
export const CONSENT_COOKIE = "consent";
/** Six months: a choice is asked again after that, as European regulators advise. */
export const CONSENT_MAX_AGE_SECONDS = 183 * 24 * 60 * 60;

export type ConsentChoice = { ads: boolean; analytics: boolean };
export type Consent = ConsentChoice & { version: string; decidedAt: number };

/** `2026-11.a1.n0.1764100000`: version, ads, analytics, when (seconds). */
export function serializeConsent(consent: Consent): string {
  return `${consent.version}.a${consent.ads ? 1 : 0}.n${consent.analytics ? 1 : 0}.${Math.floor(consent.decidedAt / 1000)}`;
}

const COOKIE_VALUE = /^([0-9A-Za-z-]{1,32})\.a([01])\.n([01])\.(\d{1,12})$/;

/** The current choice in a cookie value; null when absent, garbled or given for another version of the text. */
export function parseConsent(value: string | null | undefined): Consent | null {
  const match = value ? COOKIE_VALUE.exec(value) : null;
  if (!match || match[1] !== CONSENT_VERSION) return null;
  return { version: match[1], ads: match[2] === "1", analytics: match[3] === "1", decidedAt: Number(match[4]) * 1000 };
}

/** The five kinds of page a visitor can be shown (the edge cache keeps one copy of a page per kind). */
export const CONSENT_VARIANTS = ["undecided", "none", "ads", "analytics", "all"] as const;
export type ConsentVariant = (typeof CONSENT_VARIANTS)[number];

export function consentVariant(consent: ConsentChoice | null): ConsentVariant {
  if (!consent) return "undecided";
  if (consent.ads && consent.analytics) return "all";
  if (consent.ads) return "ads";
  if (consent.analytics) return "analytics";
  return "none";
}

export type GoogleConsentValue = "granted" | "denied";
export type GoogleConsentState = {
  ad_storage: GoogleConsentValue;
  ad_user_data: GoogleConsentValue;
  ad_personalization: GoogleConsentValue;
  analytics_storage: GoogleConsentValue;
};

/** Google Consent Mode v2: ads grants the three ad signals, analytics the analytics storage; no choice denies all. */
export function googleConsent(consent: ConsentChoice | null): GoogleConsentState {
  const ads = consent?.ads ? "granted" : "denied";
  return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: consent?.analytics ? "granted" : "denied" };
}

/**
 * The visitor's consent (docs/decisions/0024): kept in a first-party cookie that every response can read, so an
 * edge-cached page is chosen by it without a session; the session mirrors it when the visitor has one. Zod-free: the
 * pages use it.
 */

/** The consent text's version: when it changes, every visitor is asked again (an older choice counts as none). */
export const CONSENT_VERSION = "2026-11";
export const CONSENT_COOKIE = "consent";

export type ConsentChoice = { ads: boolean; analytics: boolean };
/**
 * A recorded choice: its version and time, the visitor's consent id (random, made at the first decision and kept across
 * changes; null in cookies written before there were ids) and whether the browser sent Global Privacy Control then.
 */
export type Consent = ConsentChoice & { version: string; decidedAt: number; id: string | null; gpc: boolean };

/** A consent id: a random UUID (version 4), as the cookie, the records and Cookie settings show it. */
const CONSENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const CONSENT_ID_LENGTH = 36;
export const isConsentId = (value: string): boolean => CONSENT_ID.test(value);

/**
 * `2026-11.a1.n0.1764100000.g0.{id}`: version, ads, analytics, when (seconds), Global Privacy Control sent when
 * decided, consent id. Cookies written before ids end after the time.
 */
export function serializeConsent(
  consent: ConsentChoice & { version: string; decidedAt: number; id?: string | null; gpc?: boolean },
): string {
  const base = `${consent.version}.a${consent.ads ? 1 : 0}.n${consent.analytics ? 1 : 0}.${Math.floor(consent.decidedAt / 1000)}`;
  return consent.id ? `${base}.g${consent.gpc ? 1 : 0}.${consent.id}` : base;
}

const COOKIE_VALUE = /^([0-9A-Za-z-]{1,32})\.a([01])\.n([01])\.(\d{1,12})(?:\.g([01])\.([0-9a-f-]{36}))?$/;

/** The current choice in a cookie value; null when absent, garbled or given for another version of the text. */
export function parseConsent(value: string | null | undefined): Consent | null {
  const match = value ? COOKIE_VALUE.exec(value) : null;
  if (!match || match[1] !== CONSENT_VERSION) return null;
  const id = match[6] && isConsentId(match[6]) ? match[6] : null;
  return {
    version: match[1],
    ads: match[2] === "1",
    analytics: match[3] === "1",
    decidedAt: Number(match[4]) * 1000,
    id,
    gpc: id !== null && match[5] === "1",
  };
}

/**
 * The consent id a cookie value holds, whatever the version of its choice (a new text asks again, the visitor is the
 * same).
 */
export function consentIdOf(value: string | null | undefined): string | null {
  const match = value ? COOKIE_VALUE.exec(value) : null;
  return match?.[6] && isConsentId(match[6]) ? match[6] : null;
}

/**
 * Global Privacy Control (the `Sec-GPC: 1` header) refuses advertising: a choice that allowed ads counts only when the
 * visitor made it while sending the signal (an explicit grant after it); analytics is a choice of its own.
 */
export function honourGpc(consent: Consent | null, gpc: boolean): Consent | null {
  return consent && gpc && consent.ads && !consent.gpc ? { ...consent, ads: false } : consent;
}

/**
 * How long a consent record (the proof of one decision, docs/decisions/0035) is kept: the decision's own validity (183
 * days, the cookie's) plus six years, the longest general limitation period of the eight brands' countries (Poland's;
 * Spain and France have five, Denmark, Czechia and Portuguese torts three). The retention cron deletes it then.
 */
export const CONSENT_RECORD_RETENTION_DAYS = 183 + 6 * 365 + 2;

/** The five kinds of page a visitor can be shown (the edge cache keeps one copy of a page per kind). */
const CONSENT_VARIANTS = ["undecided", "none", "ads", "analytics", "all"] as const;
type ConsentVariant = (typeof CONSENT_VARIANTS)[number];

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
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: consent?.analytics ? "granted" : "denied",
  };
}

import { CONSENT_COOKIE, parseConsent, serializeConsent, type Consent } from "@contract/marketing/consent";
import { COOKIE_RULES } from "@contract/marketing/cookies";
import { cookieHeader, readCookie } from "~/lib/request/cookies";

/** The visitor's current consent, from its cookie: null when there is none for this version of the text. */
export function requestConsent(request: Request): Consent | null {
  return parseConsent(readCookie(request.headers.get("cookie"), CONSENT_COOKIE));
}

/** The Set-Cookie value that keeps a choice. */
export function consentCookieHeader(consent: Consent, secure: boolean) {
  return cookieHeader(COOKIE_RULES.consent, serializeConsent(consent), { secure });
}

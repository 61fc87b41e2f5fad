import {
  CONSENT_COOKIE,
  consentIdOf,
  honourGpc,
  parseConsent,
  serializeConsent,
  type Consent,
} from "@contract/marketing/consent";
import { COOKIE_RULES } from "@contract/marketing/cookies";
import { cookieHeader, readCookie } from "~/lib/request/cookies/cookie-headers";

/** Whether the browser sends Global Privacy Control (`Sec-GPC: 1`): a refusal of advertising. */
export const sendsGpc = (request: Request) => request.headers.get("sec-gpc")?.trim() === "1";

/**
 * The visitor's current consent, from its cookie (null when there is none for this version of the text), with Global
 * Privacy Control honoured: advertising granted before the browser sent it counts as refused. One header read more.
 */
export function requestConsent(request: Request): Consent | null {
  return honourGpc(parseConsent(readCookie(request.headers.get("cookie"), CONSENT_COOKIE)), sendsGpc(request));
}

/**
 * The visitor's consent id (docs/decisions/0035), whatever the version of the choice the cookie holds; null before any
 * decision.
 */
export function requestConsentId(request: Request): string | null {
  return consentIdOf(readCookie(request.headers.get("cookie"), CONSENT_COOKIE));
}

/** The Set-Cookie value that keeps a choice. */
export function consentCookieHeader(consent: Consent, secure: boolean) {
  return cookieHeader(COOKIE_RULES.consent, serializeConsent(consent), { secure });
}

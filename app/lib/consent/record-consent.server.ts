import type { RouterContextProvider } from "react-router";
import { CONSENT_VERSION, type Consent, type ConsentChoice } from "@contract/marketing/consent";
import { cookieAllowed, COOKIE_RULES } from "@contract/marketing/cookies";
import type { ConsentMessage } from "~/lib/analytics/messages";
import { brandContext, requestInfoContext, sessionContext } from "~/lib/request/context";
import { expiredCookieHeader, readCookie } from "~/lib/request/cookies";
import type { RequestSession } from "~/lib/session/session.server";
import { consentCookieHeader } from "./consent-cookie.server";

/** The session's copy of a consent (the spec's four fields). */
export function sessionConsentFields(consent: Consent | null) {
  return {
    isConsentGiven: consent !== null,
    isAdsAccepted: consent?.ads ?? false,
    isAnalyticsAccepted: consent?.analytics ?? false,
    consentVersion: consent?.version ?? null,
  };
}

/** The cookie is the source of truth: an existing session mirrors it (written only when a field differs). */
export function mirrorConsent(session: RequestSession, consent: Consent | null) {
  if (session.exists) session.update(sessionConsentFields(consent));
}

/** One answer to the banner for the analytics queue: the choice, the brand and the day, nothing about the visitor. */
export function consentMessage(brand: string, consent: Consent): ConsentMessage {
  return {
    kind: "consent", eventId: crypto.randomUUID(), brand, ads: consent.ads, analytics: consent.analytics,
    version: consent.version, createdAt: new Date(consent.decidedAt).toISOString(),
  };
}

type Context = Readonly<RouterContextProvider>;
const isSecure = (request: Request) => new URL(request.url).protocol === "https:";

/**
 * Records the visitor's answer: the cookie to set (returned), the session's fields when there is a session (never
 * creating one: an anonymous visitor's pages stay cacheable), and one message on the analytics queue.
 */
export function recordConsent(request: Request, context: Context, choice: ConsentChoice): { consent: Consent; cookies: string[] } {
  const consent: Consent = { ads: choice.ads, analytics: choice.analytics, version: CONSENT_VERSION, decidedAt: Date.now() };
  mirrorConsent(context.get(sessionContext), consent);
  const { env, waitUntil, log } = context.get(requestInfoContext);
  // The answer does not wait for the queue; a lost count is logged, never the visitor's problem.
  waitUntil(env.EVENTS.send(consentMessage(context.get(brandContext).slug, consent)).catch((error: unknown) => log.failure("Consent answer not queued", error)));
  return { consent, cookies: [consentCookieHeader(consent, isSecure(request)), ...withdrawnCookies(request, choice)] };
}

/** A withdrawn consent takes its cookies with it: the visitor's marketing cookies the choice no longer allows expire. */
function withdrawnCookies(request: Request, choice: ConsentChoice | null): string[] {
  const header = request.headers.get("cookie");
  return Object.values(COOKIE_RULES)
    .filter((rule) => !cookieAllowed(rule.purpose, choice) && readCookie(header, rule.name) !== null)
    .map((rule) => expiredCookieHeader(rule, { secure: isSecure(request) }));
}

/** Forgets the answer (the banner asks again): the cookie and the marketing cookies are removed, the session's fields reset. */
export function forgetConsent(request: Request, context: Context): string[] {
  mirrorConsent(context.get(sessionContext), null);
  return [expiredCookieHeader(COOKIE_RULES.consent, { secure: isSecure(request) }), ...withdrawnCookies(request, null)];
}

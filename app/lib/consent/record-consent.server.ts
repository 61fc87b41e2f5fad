import type { RouterContextProvider } from "react-router";
import { truncateIp } from "@contract/marketing/client-address";
import { CONSENT_VERSION, googleConsent, type Consent, type ConsentChoice } from "@contract/marketing/consent";
import { cookieAllowed, COOKIE_RULES } from "@contract/marketing/cookies";
import { sha256Hex } from "@contract/rules/sha256";
import type { ConsentMessage, ConsentRecordAction, ConsentRecordMessage } from "~/lib/analytics/messages";
import { brandContext, requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { expiredCookieHeader, readCookie } from "~/lib/request/cookies/cookie-headers";
import type { RequestSession } from "~/lib/session/request-session.server";
import { consentCookieHeader, requestConsentId, sendsGpc } from "./consent-cookie.server";

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
export function consentMessage(
  brand: string,
  consent: Pick<Consent, "ads" | "analytics" | "version" | "decidedAt">,
): ConsentMessage {
  return {
    kind: "consent",
    eventId: crypto.randomUUID(),
    brand,
    ads: consent.ads,
    analytics: consent.analytics,
    version: consent.version,
    createdAt: new Date(consent.decidedAt).toISOString(),
  };
}

/**
 * The record of one decision (docs/decisions/0035): the consent id, the version, Google's four states, Global Privacy
 * Control, and the client address truncated as page events keep it, then hashed with the id (the same network gives
 * another hash under another id; given the visitor's address, the shop can show the record is theirs).
 */
export async function consentRecordMessage(
  brand: string,
  facts: {
    id: string;
    version: string;
    choice: ConsentChoice | null;
    gpc: boolean;
    at: number;
    action: ConsentRecordAction;
    address: string | null;
  },
): Promise<ConsentRecordMessage> {
  const truncated = truncateIp(facts.address);
  return {
    kind: "consent_record",
    eventId: crypto.randomUUID(),
    consentId: facts.id,
    brand,
    version: facts.version,
    action: facts.action,
    state: googleConsent(facts.choice),
    gpc: facts.gpc,
    addressHash: truncated ? await sha256Hex(`${facts.id}|${truncated}`) : null,
    createdAt: new Date(facts.at).toISOString(),
  };
}

type Context = Readonly<RouterContextProvider>;
const isSecure = (request: Request) => new URL(request.url).protocol === "https:";

/**
 * Queues the decision's messages after the answer (it does not wait for the queue); a lost one is logged, never the
 * visitor's problem.
 */
function queueDecision(
  context: Context,
  messages: (brand: string) => Promise<(ConsentMessage | ConsentRecordMessage)[]>,
) {
  const { env, waitUntil, log } = context.get(requestInfoContext);
  const brand = context.get(brandContext).slug;
  waitUntil(
    messages(brand)
      .then((bodies) => env.EVENTS.sendBatch(bodies.map((body) => ({ body }))))
      .catch((error: unknown) => log.failure("Consent decision not queued", error)),
  );
}

/**
 * Records the visitor's answer: the cookie to set (returned, with the consent id the visitor already had, or a new
 * one), the session's fields when there is a session (never creating one: an anonymous visitor's pages stay
 * cacheable), and on the analytics queue the anonymous answer (for the counts) and its record (the proof).
 */
export function recordConsent(
  request: Request,
  context: Context,
  choice: ConsentChoice,
  browser: { gpc?: boolean } = {},
): { consent: Consent; cookies: string[] } {
  // Global Privacy Control, by its header or as the page saw it: a grant of ads made now is an explicit one.
  const gpc = sendsGpc(request) || browser.gpc === true;
  const consent: Consent = {
    ads: choice.ads,
    analytics: choice.analytics,
    version: CONSENT_VERSION,
    decidedAt: Date.now(),
    id: requestConsentId(request) ?? crypto.randomUUID(),
    gpc,
  };
  mirrorConsent(context.get(sessionContext), consent);
  const address = request.headers.get("cf-connecting-ip");
  queueDecision(context, async (brand) => [
    consentMessage(brand, consent),
    await consentRecordMessage(brand, {
      id: consent.id!,
      version: consent.version,
      choice,
      gpc,
      at: consent.decidedAt,
      action: "choice",
      address,
    }),
  ]);
  return { consent, cookies: [consentCookieHeader(consent, isSecure(request)), ...withdrawnCookies(request, choice)] };
}

/**
 * A withdrawn consent takes its cookies with it: the visitor's marketing cookies the choice no longer allows expire.
 */
function withdrawnCookies(request: Request, choice: ConsentChoice | null): string[] {
  const header = request.headers.get("cookie");
  return Object.values(COOKIE_RULES)
    .filter((rule) => !cookieAllowed(rule.purpose, choice) && readCookie(header, rule.name) !== null)
    .map((rule) => expiredCookieHeader(rule, { secure: isSecure(request) }));
}

/**
 * Forgets the answer (the banner asks again): the cookie and the marketing cookies are removed, the session's fields
 * reset, and the withdrawal is recorded under the consent id it ends (a later answer starts a new id).
 */
export function forgetConsent(request: Request, context: Context): string[] {
  mirrorConsent(context.get(sessionContext), null);
  const id = requestConsentId(request);
  if (id) {
    const address = request.headers.get("cf-connecting-ip");
    queueDecision(context, async (brand) => [
      await consentRecordMessage(brand, {
        id,
        version: CONSENT_VERSION,
        choice: null,
        gpc: sendsGpc(request),
        at: Date.now(),
        action: "forget",
        address,
      }),
    ]);
  }
  return [expiredCookieHeader(COOKIE_RULES.consent, { secure: isSecure(request) }), ...withdrawnCookies(request, null)];
}

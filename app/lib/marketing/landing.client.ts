import { externalReferrer, hasMarketingParams, withoutMarketingParams } from "@contract/marketing/tracking";

/** The landing this document was opened with, kept in memory only (no storage before consent); null once sent. */
let landing: { url: string; referrer: string } | null = null;

/**
 * Before hydration: remembers the URL and referrer the page was opened with, and takes the marketing parameters out
 * of the address bar, so the page the browser shows is the one the server rendered and cached (docs/decisions/0025)
 * and a shared link carries nobody's click ids.
 */
export function keepLanding() {
  const url = new URL(location.href);
  const campaign = hasMarketingParams(url.searchParams);
  if (campaign || externalReferrer(document.referrer, [location.hostname])) landing = { url: url.href, referrer: document.referrer };
  if (campaign) history.replaceState(history.state, "", withoutMarketingParams(url));
}

/**
 * For the consent banner, once the visitor's new choice is saved (its cookie set): the server gives this visit's
 * landing the cookies that choice allows, as it would have at the landing. Does nothing for a direct visit; never
 * throws (a lost landing is no error to show).
 */
export async function recordLandingAfterConsent(): Promise<void> {
  const sent = landing;
  if (!sent) return;
  landing = null;
  await fetch("/api/marketing/landing", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(sent) }).catch(() => undefined);
}

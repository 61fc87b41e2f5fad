import { MARKETING_PARAMS } from "@contract/marketing/campaign";
import { VIEWPORT_COOKIE } from "./viewport";

/** The landing this document was opened with, kept in memory only (no storage before consent); null once sent. */
let landing: { url: string; referrer: string } | null = null;

/**
 * Before hydration: remembers the URL and referrer the page was opened with, and takes the marketing parameters out
 * of the address bar, so the page the browser shows is the one the server rendered and cached (docs/decisions/0025)
 * and a shared link carries nobody's click ids. The server cleans and judges both when they are sent.
 */
export function keepLanding() {
  const url = new URL(location.href);
  const campaign = MARKETING_PARAMS.filter((name) => url.searchParams.has(name));
  if (campaign.length || (document.referrer && new URL(document.referrer).host !== location.host))
    landing = { url: url.href, referrer: document.referrer };
  for (const name of campaign) url.searchParams.delete(name);
  if (campaign.length) history.replaceState(history.state, "", url);
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
  await fetch("/api/marketing/landing", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(sent),
  }).catch(() => undefined);
}

/**
 * Before hydration: keeps the screen's size in the `viewport` cookie when it is new or changed (the server checks it).
 */
export function rememberViewport() {
  const cookie = `${VIEWPORT_COOKIE.name}=${screen.width}x${screen.height}x${Math.round(devicePixelRatio * 100) / 100}`;
  if (!document.cookie.split("; ").includes(cookie)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the store serves
    document.cookie = `${cookie}; Path=/; Max-Age=${VIEWPORT_COOKIE.maxAgeSeconds}; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
  }
}

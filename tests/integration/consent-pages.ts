import { CONSENT_VERSION, parseConsent } from "@contract/marketing/consent";
import { testEnv, visit } from "../setup/app";

// The visitor's consent (docs/decisions/0024): the cookie is the source of truth, the session mirrors it, the edge
// cache keeps one copy per choice, and a page loads only the tags its brand uses and the choice allows.

export const answer = (ads: boolean, analytics: boolean) => ({
  isConsentGiven: true,
  isAdsAccepted: ads,
  isAnalyticsAccepted: analytics,
  consentVersion: CONSENT_VERSION,
});
export const consentCookie = (ads: boolean, analytics: boolean, version = CONSENT_VERSION) =>
  `consent=${version}.a${ads ? 1 : 0}.n${analytics ? 1 : 0}.1764100000`;
export const TAG_ORIGINS = [
  "https://www.googletagmanager.com",
  "https://cdn.onesignal.com",
  "https://widget.trustpilot.com",
];

/** The consent cookie a response sets: its value read back, and its attributes. */
export function setConsent(response: Response) {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("consent="));
  if (!header) return null;
  const value = decodeURIComponent(header.split(";")[0]!.slice("consent=".length));
  return { header, value, consent: parseConsent(value), cookie: header.split(";")[0]! };
}

export async function kvSession(id: string) {
  return testEnv.SESSIONS.get<Record<string, unknown>>(`session:${id}`, "json");
}

/** What a page shows: whether the banner is open, the tags it loads, its consent script and its policy. */
export async function page(path: string, options: Parameters<typeof visit>[1] = {}) {
  const response = await visit(path, options);
  const html = await response.text();
  const banner = /<section[^>]*id="cookie-settings"[^>]*>/.exec(html)?.[0] ?? "";
  return {
    response,
    html,
    bannerOpen: banner.includes('data-open="true"'),
    hasBanner: banner !== "",
    tags: [...html.matchAll(/<script[^>]*data-tag="([^"]+)"[^>]*>/g)].map((match) => match[1]),
    policy: response.headers.get("content-security-policy") ?? "",
    cache: response.headers.get("x-page-cache"),
  };
}

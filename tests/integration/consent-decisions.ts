import { CONSENT_VERSION, parseConsent } from "@contract/marketing/consent";
import { waitForRow } from "../setup/analytics";
import { postJson, testEnv, visit } from "../setup/app";

// Consent a shop can prove (docs/decisions/0035): every decision recorded under the visitor's consent id, Global
// Privacy Control honoured, the records read by the marketing role only, kept for their own retention.

type Choice = { ads: boolean; analytics: boolean };
export const answer = ({ ads, analytics }: Choice) => ({
  isConsentGiven: true,
  isAdsAccepted: ads,
  isAnalyticsAccepted: analytics,
  consentVersion: CONSENT_VERSION,
});
export const FORGET = {
  isConsentGiven: false,
  isAdsAccepted: false,
  isAnalyticsAccepted: false,
  consentVersion: CONSENT_VERSION,
};
export const ALL = { ads: true, analytics: true };
export const ANALYTICS_ONLY = { ads: false, analytics: true };

type RecordRow = {
  event_id: string;
  consent_id: string;
  brand: string;
  version: string;
  action: string;
  ad_storage: string;
  ad_user_data: string;
  ad_personalization: string;
  analytics_storage: string;
  gpc: number;
  address_hash: string | null;
  created_at: string;
};

/** The consent cookie a response sets (its name=value pair, and the choice it holds); null when it sets none. */
export function consentSet(response: Response) {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith("consent="));
  if (!line) return null;
  const pair = line.split(";")[0]!;
  return { pair, line, consent: parseConsent(decodeURIComponent(pair.slice("consent=".length))) };
}

/** The records of a consent id once the queue's consumer has stored `count` of them, oldest first. */
export async function recordsOf(consentId: string, count: number): Promise<RecordRow[]> {
  await waitForRow("SELECT 1 FROM consent_records WHERE consent_id = ? GROUP BY consent_id HAVING COUNT(*) >= ?", [
    consentId,
    count,
  ]);
  const { results } = await testEnv.ANALYTICS_DB.prepare(
    "SELECT * FROM consent_records WHERE consent_id = ? ORDER BY created_at, event_id",
  )
    .bind(consentId)
    .all<RecordRow>();
  return results;
}

export const decide = (
  body: unknown,
  {
    cookie,
    ip = "198.51.100.77",
    headers = {},
    brand = "WPX-ES" as const,
  }: { cookie?: string; ip?: string; headers?: Record<string, string>; brand?: "WPX-ES" | "WPX-PL" | "TZ-ES" } = {},
) => postJson("/api/session", body, { brand, cookie, headers: { "cf-connecting-ip": ip, ...headers } });

export const form = (fields: Record<string, string>, cookie?: string) =>
  visit("/api/session", {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.77" },
  });

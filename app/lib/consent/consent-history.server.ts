import { isConsentId, type GoogleConsentValue } from "@contract/marketing/consent";
import type { ConsentRecordAction } from "~/lib/analytics/messages";

/** One recorded decision (docs/decisions/0035), as the marketing role reads it. */
export type ConsentHistoryEntry = {
  eventId: string;
  at: string;
  brand: string;
  version: string;
  action: ConsentRecordAction;
  adStorage: GoogleConsentValue;
  adUserData: GoogleConsentValue;
  adPersonalization: GoogleConsentValue;
  analyticsStorage: GoogleConsentValue;
  gpc: boolean;
  addressHash: string | null;
};

/** More decisions than any visitor makes: the page and the CSV stay bounded whatever is stored. */
export const HISTORY_MAX = 1000;

/** The `id` query parameter: a consent id as Cookie settings shows it (36 characters), or why it is none. */
export type ConsentIdQuery = { ok: true; id: string } | { ok: false; problem: "required" | "invalid"; value: string };

export function consentIdQuery(search: URLSearchParams): ConsentIdQuery {
  const given = search.get("id") ?? "";
  const value = given.trim().toLowerCase();
  if (!value) return { ok: false, problem: "required", value: "" };
  // An absurd value is refused before anything reads it, and never shown back whole.
  if (!isConsentId(value)) return { ok: false, problem: "invalid", value: given.slice(0, 64) };
  return { ok: true, id: value };
}

type Row = {
  event_id: string;
  created_at: string;
  brand: string;
  version: string;
  action: ConsentRecordAction;
  ad_storage: GoogleConsentValue;
  ad_user_data: GoogleConsentValue;
  ad_personalization: GoogleConsentValue;
  analytics_storage: GoogleConsentValue;
  gpc: number;
  address_hash: string | null;
};

/** Every decision recorded under a consent id, oldest first (the first decision, then each change or withdrawal). */
export async function consentHistory(db: D1Database, consentId: string): Promise<ConsentHistoryEntry[]> {
  const { results } = await db
    .prepare(
      `SELECT event_id, created_at, brand, version, action, ad_storage, ad_user_data, ad_personalization, analytics_storage, gpc, address_hash
       FROM consent_records WHERE consent_id = ? ORDER BY created_at, event_id LIMIT ?`,
    )
    .bind(consentId, HISTORY_MAX)
    .all<Row>();
  return results.map((row) => ({
    eventId: row.event_id,
    at: row.created_at,
    brand: row.brand,
    version: row.version,
    action: row.action,
    adStorage: row.ad_storage,
    adUserData: row.ad_user_data,
    adPersonalization: row.ad_personalization,
    analyticsStorage: row.analytics_storage,
    gpc: row.gpc === 1,
    addressHash: row.address_hash,
  }));
}

/** How a decision reads in its history: the first answer, a change, or the withdrawal of the answer. */
export function decisionKind(entry: Pick<ConsentHistoryEntry, "action">, index: number): "first" | "change" | "forget" {
  return entry.action === "forget" ? "forget" : index === 0 ? "first" : "change";
}

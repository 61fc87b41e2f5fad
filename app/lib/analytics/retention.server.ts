import { CONSENT_RECORD_RETENTION_DAYS } from "@contract/marketing/consent";

/** The raw tables with personal data (and the dead messages, which may hold it); the rollups stay. */
const EXPIRING_TABLES = ["page_events", "affiliate_hits", "consent_answers", "dead_events"] as const;
/** The proof of consent decisions, kept for their own (much longer) retention (docs/decisions/0035). */
const CONSENT_RECORDS = "consent_records";
/** Rows per DELETE, and DELETEs per table in one run: one run stays far within a scheduled invocation's limits. */
export const DELETE_CHUNK = 5000;
const ROUNDS_PER_TABLE = 40;
const DAY_MS = 24 * 60 * 60 * 1000;

type ExpiringTable = (typeof EXPIRING_TABLES)[number] | typeof CONSENT_RECORDS;
export type RetentionRun = { cutoff: string; consentRecordsCutoff: string; deleted: Record<ExpiringTable, number> };

/**
 * workers/app.ts's `scheduled`: deletes raw analytics rows older than the events' retention, and consent records
 * older than theirs (CONSENT_RECORD_RETENTION_DAYS), a chunk at a time.
 */
export async function deleteExpiredEvents(
  db: D1Database,
  retentionDays: number,
  now = Date.now(),
): Promise<RetentionRun> {
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString();
  const consentRecordsCutoff = new Date(now - CONSENT_RECORD_RETENTION_DAYS * DAY_MS).toISOString();
  const deleted = { page_events: 0, affiliate_hits: 0, consent_answers: 0, dead_events: 0, consent_records: 0 };
  const runs: [ExpiringTable, string][] = [
    ...EXPIRING_TABLES.map((table): [ExpiringTable, string] => [table, cutoff]),
    [CONSENT_RECORDS, consentRecordsCutoff],
  ];
  for (const [table, before] of runs) {
    const statement = db.prepare(
      `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE created_at < ? LIMIT ?)`,
    );
    for (let round = 0; round < ROUNDS_PER_TABLE; round++) {
      const { meta } = await statement.bind(before, DELETE_CHUNK).run();
      deleted[table] += meta.changes;
      if (meta.changes < DELETE_CHUNK) break;
    }
  }
  return { cutoff, consentRecordsCutoff, deleted };
}

/** The raw tables with personal data (and the dead messages, which may hold it); the rollups stay. */
const EXPIRING_TABLES = ["page_events", "affiliate_hits", "consent_answers", "dead_events"] as const;
/** Rows per DELETE, and DELETEs per table in one run: one run stays far within a scheduled invocation's limits. */
export const DELETE_CHUNK = 5000;
const ROUNDS_PER_TABLE = 40;

export type RetentionRun = { cutoff: string; deleted: Record<(typeof EXPIRING_TABLES)[number], number> };

/** workers/app.ts's `scheduled`: deletes raw analytics rows older than the retention, a chunk at a time. */
export async function deleteExpiredEvents(db: D1Database, retentionDays: number, now = Date.now()): Promise<RetentionRun> {
  const cutoff = new Date(now - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  const deleted = { page_events: 0, affiliate_hits: 0, consent_answers: 0, dead_events: 0 };
  for (const table of EXPIRING_TABLES) {
    const statement = db.prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE created_at < ? LIMIT ?)`);
    for (let round = 0; round < ROUNDS_PER_TABLE; round++) {
      const { meta } = await statement.bind(cutoff, DELETE_CHUNK).run();
      deleted[table] += meta.changes;
      if (meta.changes < DELETE_CHUNK) break;
    }
  }
  return { cutoff, deleted };
}

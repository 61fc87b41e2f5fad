import type { Stored } from "./stored";

const DAY_MS = 86_400_000;

/**
 * Deletes the files of sessions that can no longer exist: a session's files older than UPLOAD_SESSION_FILES_DAYS (a
 * session lives 30 days), unless an order uses them (`keptFor`). An account's files stay while the account does.
 * Run daily by the cron trigger; returns how many files went.
 */
export async function expireSessionFiles(bucket: R2Bucket, env: UploadsEnv, now = Date.now()): Promise<number> {
  const before = new Date(now - Number(env.UPLOAD_SESSION_FILES_DAYS) * DAY_MS).toISOString();
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: "owners/", cursor, include: ["customMetadata"] });
    const expired = page.objects.filter((object) => {
      const stored = object.customMetadata as Partial<Stored> | undefined;
      return stored?.ownerKind === "session" && !stored.keptFor && (stored.createdAt ?? "") < before;
    });
    if (expired.length) await bucket.delete(expired.map((object) => object.key));
    removed += expired.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}

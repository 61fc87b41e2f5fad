import { discard } from "./parts";
import type { Stored } from "./stored";

const DAY_MS = 86_400_000;
/** A session in parts' record: `parts/{owner hash}/{id}` (its pieces lie below it). */
const PARTS_RECORD = /^parts\/[0-9a-f]{32}\/up_[A-Za-z0-9]{24}$/;

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

/**
 * Abandons uploads in parts started more than UPLOAD_PARTS_DAYS ago and never completed: R2's pending upload is
 * aborted and its parts, markers and record go. Run with the daily clean-up; returns how many went.
 */
export async function abortStaleParts(bucket: R2Bucket, env: UploadsEnv, now = Date.now()): Promise<number> {
  const before = new Date(now - Number(env.UPLOAD_PARTS_DAYS) * DAY_MS).toISOString();
  const stale: { key: string; record: { uploadId: string } }[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: "parts/", cursor, include: ["customMetadata"] });
    for (const object of page.objects) {
      const record = object.customMetadata;
      if (PARTS_RECORD.test(object.key) && record?.uploadId && (record.createdAt ?? "") < before)
        stale.push({ key: object.key, record: { uploadId: record.uploadId } });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  for (const session of stale) await discard(bucket, session);
  return stale.length;
}

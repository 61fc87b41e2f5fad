import type { Owner } from "./owners";
import { fits, quotaOf, usageOf } from "./quota";
import type { Stored } from "./stored";

/**
 * Moves a session's files to an account (same ids, so a design's references still hold): each is written under the
 * account and then removed from the session. A file the account's quota has no room for stays with the session, where
 * it is still readable and expires as session files do. Returns how many moved.
 */
export async function adoptSessionFiles(
  bucket: R2Bucket,
  env: UploadsEnv,
  session: Owner,
  account: Owner,
): Promise<number> {
  // The account's usage is read once and counted up as files move in.
  const usage = await usageOf(bucket, account);
  const quota = quotaOf(account, env);
  let moved = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${session.prefix}/`, cursor });
    for (const listed of page.objects) {
      if (!fits(usage, quota, listed.size)) return moved;
      const object = await bucket.get(listed.key);
      if (!object) continue;
      const id = listed.key.slice(session.prefix.length + 1);
      const stored: Stored = { ...(object.customMetadata as Stored), ownerKind: "account" };
      await bucket.put(`${account.prefix}/${id}`, object.body, {
        httpMetadata: object.httpMetadata,
        customMetadata: stored,
      });
      await bucket.delete(listed.key);
      usage.files++;
      usage.bytes += listed.size;
      moved++;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return moved;
}

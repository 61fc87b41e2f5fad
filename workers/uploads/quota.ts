import type { Owner } from "./owners";

/** What an owner may keep: files and bytes, a session less than an account (wrangler.jsonc UPLOAD_QUOTA_*). */
export function quotaOf(owner: Owner, env: UploadsEnv) {
  return {
    files: Number(env.UPLOAD_QUOTA_FILES),
    bytes: Number(owner.kind === "account" ? env.UPLOAD_QUOTA_ACCOUNT_BYTES : env.UPLOAD_QUOTA_SESSION_BYTES),
  };
}

/** Whether one more file of this size stays within the owner's quota (its files are listed: R2 keeps no counter). */
export async function fitsQuota(bucket: R2Bucket, owner: Owner, env: UploadsEnv, size: number): Promise<boolean> {
  const quota = quotaOf(owner, env);
  let files = 0;
  let bytes = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${owner.prefix}/`, cursor });
    files += page.objects.length;
    bytes += page.objects.reduce((sum, object) => sum + object.size, 0);
    if (files + 1 > quota.files || bytes + size > quota.bytes) return false;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return true;
}

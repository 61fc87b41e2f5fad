import type { Owner } from "./owners";

export type Usage = { files: number; bytes: number };

/** What an owner may keep: files and bytes, a session less than an account (wrangler.jsonc UPLOAD_QUOTA_*). */
export function quotaOf(owner: Owner, env: UploadsEnv): Usage {
  return {
    files: Number(env.UPLOAD_QUOTA_FILES),
    bytes: Number(owner.kind === "account" ? env.UPLOAD_QUOTA_ACCOUNT_BYTES : env.UPLOAD_QUOTA_SESSION_BYTES),
  };
}

/** The files and bytes an owner keeps now (its files are listed: R2 keeps no counter). */
export async function usageOf(bucket: R2Bucket, owner: Owner): Promise<Usage> {
  const usage = { files: 0, bytes: 0 };
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${owner.prefix}/`, cursor });
    usage.files += page.objects.length;
    usage.bytes += page.objects.reduce((sum, object) => sum + object.size, 0);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return usage;
}

/** Whether one more file of this size keeps the usage within the quota. */
export const fits = (usage: Usage, quota: Usage, size: number) =>
  usage.files + 1 <= quota.files && usage.bytes + size <= quota.bytes;

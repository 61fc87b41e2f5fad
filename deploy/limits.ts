/**
 * Cloudflare's limits a deploy must stay within (developers.cloudflare.com/workers/platform/limits, as of 2026-11), and
 * the share of each that `npm run deploy:check` allows, so that growth is noticed long before a deploy is refused.
 */
export const PLATFORM_LIMITS = {
  /** A Worker's script, uncompressed (one limit for every plan since 2026; wrangler's own size report uses it). */
  workerBytes: 64 * 1024 * 1024,
  /** Parsing and running a Worker's global scope. */
  startupMs: 1000,
  /** Static asset files per Worker version (Workers Paid). */
  assetFiles: 100_000,
  /** One static asset file. */
  assetFileBytes: 25 * 1024 * 1024,
} as const;

/** deploy:check fails a worker over half of a limit. */
export const ALLOWED_SHARE = 0.5;

import { isolateMemory } from "@contract/memory/isolate-memories";
import type { LoggedPage } from "~/lib/log/request-log.server";

/**
 * Edge-cached pages also kept in this isolate's memory (docs/decisions/0029), so a hit costs neither the cache's
 * lookup nor a parse of the page: at most MEMORY_BYTES, the least recently served dropped first, each copy until its
 * s-maxage runs out, like the edge cache's. A page is kept as its encoded bytes with the offsets of its nonce, so a
 * copy served gets its own nonce (always as long: 16 random bytes in base64) in place of it, and with the brand and
 * route its render logged, so a copy served logs them too.
 */
export type KeptPage = LoggedPage & {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  nonceAt: number[];
  bytes: number;
  expires: number;
};

const MEMORY_BYTES = 8 * 1024 * 1024;
/** Map order is the serving order: the first entry is the least recently served. */
const pages = isolateMemory<string, KeptPage>({
  name: "edge-cached pages kept in memory",
  maxBytes: MEMORY_BYTES,
  ttl: "each page's s-maxage",
});
let keptBytes = 0;

/** The page kept under `key`, if it has not expired; it becomes the most recently served. */
export function keptPage(key: string, now = Date.now()): KeptPage | undefined {
  const page = pages.get(key);
  if (!page) return undefined;
  pages.delete(key);
  if (page.expires <= now) {
    keptBytes -= page.bytes;
    return undefined;
  }
  pages.set(key, page);
  return page;
}

/** Keeps a page, dropping the least recently served ones while memory is over the limit. */
export function keepPage(key: string, page: Omit<KeptPage, "bytes">) {
  const bytes = page.body.byteLength;
  if (bytes > MEMORY_BYTES / 8) return;
  const old = pages.get(key);
  if (old) {
    pages.delete(key);
    keptBytes -= old.bytes;
  }
  pages.set(key, { ...page, bytes });
  keptBytes += bytes;
  for (const [oldest, { bytes: size }] of pages) {
    if (keptBytes <= MEMORY_BYTES) break;
    pages.delete(oldest);
    keptBytes -= size;
  }
}

import { consentVariant } from "@contract/marketing/consent";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { sessionCookieName } from "~/lib/session/cookie-name";
import { readCookie } from "~/lib/request/cookies";
import { edgeCache } from "./edge-cache";
import { keepPage, keptPage, type KeptPage } from "./memory-pages";

/** The edge copy's header naming the nonce it was rendered with, so a copy served can swap in its own. */
const NONCE_HEADER = "x-page-nonce";

/**
 * Serves anonymous GETs of edge-cacheable pages from the edge cache. A page is stored only when its response says
 * it may be (public with s-maxage, no Set-Cookie); the key carries the build id, so a deploy never serves old HTML.
 * Visitors with a session always get a fresh, private page. A page served from the cache gets this response's nonce.
 * One copy per consent variant (docs/decisions/0024): the banner, the consent script and the tags differ by the
 * visitor's choice, never by anything that names the visitor. The isolate keeps the pages it served in memory too
 * (memory-pages.ts, docs/decisions/0029).
 */
export async function withPageCache(request: Request, ctx: ExecutionContext, cookieName: string, nonce: string, render: () => Promise<Response>) {
  const url = new URL(request.url);
  if (request.method !== "GET" || readCookie(request.headers.get("cookie"), sessionCookieName(cookieName, url))) return render();
  url.searchParams.set("__build", __BUILD_ID__);
  url.searchParams.set("__consent", consentVariant(requestConsent(request)));
  const key = url.href;
  const inMemory = keptPage(key);
  if (inMemory) return served(inMemory, nonce);
  const hit = await edgeCache().match(key);
  if (hit) {
    const page = await keptCopy(hit, hit.headers.get(NONCE_HEADER));
    if (page) {
      keepPage(key, page);
      return served(page, nonce);
    }
  }
  const response = await render();
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (response.status === 200 && cacheControl.includes("public") && cacheControl.includes("s-maxage") && !response.headers.has("set-cookie")) {
    const copy = response.clone();
    ctx.waitUntil(store(key, copy, nonce));
    response.headers.set("x-page-cache", "MISS");
  }
  return response;
}

const encoder = new TextEncoder();

/**
 * The page with this response's nonce in place of the one it was rendered with: a Blob of the kept bytes around each
 * nonce and the new nonce between them (always as long), joined by the runtime; no copy of the page made in JavaScript.
 */
function served(page: Omit<KeptPage, "bytes">, nonce: string) {
  const parts: BlobPart[] = [];
  let from = 0;
  for (const at of page.nonceAt) {
    parts.push(page.body.subarray(from, at), nonce);
    from = at + nonce.length;
  }
  parts.push(page.body.subarray(from));
  const response = new Response(new Blob(parts), { status: page.status, headers: page.headers });
  response.headers.set("x-page-cache", "HIT");
  return response;
}

/** A response's page with the byte offsets of the nonce it was rendered with; null for a copy stored without one. */
async function keptCopy(response: Response, nonce: string | null): Promise<Omit<KeptPage, "bytes"> | null> {
  if (!nonce) return null;
  const body = new Uint8Array(await response.arrayBuffer());
  const nonceAt = offsetsOf(body, encoder.encode(nonce));
  const headers = [...response.headers].filter(([name]) => name !== NONCE_HEADER);
  const maxAge = Number(/s-maxage=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1] ?? 0);
  return { status: response.status, headers, body, nonceAt, expires: Date.now() + maxAge * 1000 };
}

/** Where `needle` starts in `bytes`, each time. */
function offsetsOf(bytes: Uint8Array, needle: Uint8Array): number[] {
  const found: number[] = [];
  const last = bytes.length - needle.length;
  next: for (let at = bytes.indexOf(needle[0]!); at >= 0 && at <= last; at = bytes.indexOf(needle[0]!, at + 1)) {
    for (let index = 1; index < needle.length; index++) if (bytes[at + index] !== needle[index]) continue next;
    found.push(at);
  }
  return found;
}

/** Stores a rendered page in the edge cache (with the nonce it was rendered with) and in memory. */
async function store(key: string, response: Response, nonce: string) {
  const page = await keptCopy(response, nonce);
  if (!page) return;
  keepPage(key, page);
  const headers = new Headers(page.headers);
  headers.set(NONCE_HEADER, nonce);
  await edgeCache().put(key, new Response(page.body, { status: page.status, headers }));
}

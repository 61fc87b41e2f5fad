import { consentVariant } from "@contract/marketing/consent";
import { requestConsent, sendsGpc } from "~/lib/consent/consent-cookie.server";
import type { LoggedPage, RequestLog } from "~/lib/log/request-log.server";
import { sessionCookieName } from "~/lib/session/cookie-name";
import { readCookie } from "~/lib/request/cookies/cookie-headers";
import { edgeCache } from "./edge-cache";
import { keepPage, keptPage, type KeptPage } from "./memory-pages";

/** The edge copy's header naming the nonce it was rendered with, so a copy served can swap in its own. */
const NONCE_HEADER = "x-page-nonce";
/** The edge copy's headers naming the brand and route its render logged, so a copy served logs them too. */
const BRAND_HEADER = "x-page-brand";
const ROUTE_HEADER = "x-page-route";
/**
 * Headers a kept copy never serves: the edge copy's own, and those stamped on the one answer the copy came from (its
 * date, its age, the cache's status): repeated for ten minutes, a stale Date would make a browser think the page old.
 */
const NOT_KEPT = new Set([NONCE_HEADER, BRAND_HEADER, ROUTE_HEADER, "date", "age", "cf-cache-status"]);

/** The headers a kept copy of `response` serves. */
export const keptHeaders = (headers: Headers): [string, string][] =>
  [...headers].filter(([name]) => !NOT_KEPT.has(name));

/**
 * Serves anonymous GETs of edge-cacheable pages from the edge cache. A page is stored only when its response says it
 * may be (public with s-maxage, no Set-Cookie); the key carries the build id, so a deploy never serves old HTML.
 * Visitors with a session always get a fresh, private page. A page served from the cache gets this response's nonce.
 * One copy per consent variant (docs/decisions/0024), and per Global Privacy Control (0035): the banner, the consent
 * script and the tags differ by the visitor's choice, never by anything that names the visitor. The isolate keeps the
 * pages it served in memory too (memory-pages.ts, docs/decisions/0029). A page served from the cache tells the
 * request's log what its render knew.
 */
export async function withPageCache(
  request: Request,
  ctx: ExecutionContext,
  cookieName: string,
  nonce: string,
  log: RequestLog,
  render: () => Promise<Response>,
) {
  const url = new URL(request.url);
  if (request.method !== "GET" || readCookie(request.headers.get("cookie"), sessionCookieName(cookieName, url)))
    return render();
  url.searchParams.set("__build", __BUILD_ID__);
  url.searchParams.set("__consent", consentVariant(requestConsent(request)));
  // Global Privacy Control's banner says that ads stay off (docs/decisions/0035): a copy of its own, for those who send
  // it.
  if (sendsGpc(request)) url.searchParams.set("__gpc", "1");
  const key = url.href;
  const inMemory = keptPage(key);
  if (inMemory) return served(inMemory, nonce, log);
  const hit = await edgeCache().match(key);
  if (hit) {
    const page = await keptCopy(hit, hit.headers.get(NONCE_HEADER), {
      brand: hit.headers.get(BRAND_HEADER),
      route: hit.headers.get(ROUTE_HEADER),
    });
    if (page) {
      keepPage(key, page);
      return served(page, nonce, log);
    }
  }
  const response = await render();
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (
    response.status === 200 &&
    cacheControl.includes("public") &&
    cacheControl.includes("s-maxage") &&
    !response.headers.has("set-cookie")
  ) {
    const copy = response.clone();
    ctx.waitUntil(store(key, copy, nonce, { brand: log.brand, route: log.route }));
    response.headers.set("x-page-cache", "MISS");
    log.cache = "MISS";
  }
  return response;
}

const encoder = new TextEncoder();

/**
 * The page with this response's nonce in place of the one it was rendered with: one copy of the kept bytes with the new
 * nonce (always as long) written over each place the old one was. A page names its nonce about thirty times (each
 * inline script and module preload): one copy costs less than a Blob of sixty pieces. The copy is needed: the runtime
 * does not copy a body's bytes (workerd's Body::extractBody keeps the buffer it is given), and a slow reader would
 * otherwise get the next copy's nonce.
 */
function served(page: Omit<KeptPage, "bytes">, nonce: string, log: RequestLog) {
  log.servedFromCache(page);
  const body = page.body.slice();
  const nonceBytes = encoder.encode(nonce);
  for (const at of page.nonceAt) body.set(nonceBytes, at);
  const response = new Response(body, { status: page.status, headers: page.headers });
  response.headers.set("x-page-cache", "HIT");
  return response;
}

/** A response's page with the byte offsets of the nonce it was rendered with; null for a copy stored without one. */
async function keptCopy(
  response: Response,
  nonce: string | null,
  logged: LoggedPage,
): Promise<Omit<KeptPage, "bytes"> | null> {
  if (!nonce) return null;
  const body = new Uint8Array(await response.arrayBuffer());
  const nonceAt = offsetsOf(body, encoder.encode(nonce));
  const headers = keptHeaders(response.headers);
  const maxAge = Number(/s-maxage=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1] ?? 0);
  return {
    status: response.status,
    headers,
    body,
    nonceAt,
    expires: Date.now() + maxAge * 1000,
    brand: logged.brand,
    route: logged.route,
  };
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

/**
 * Stores a rendered page in the edge cache (with the nonce it was rendered with, its brand and route) and in memory.
 */
async function store(key: string, response: Response, nonce: string, logged: LoggedPage) {
  const page = await keptCopy(response, nonce, logged);
  if (!page) return;
  keepPage(key, page);
  const headers = new Headers(page.headers);
  headers.set(NONCE_HEADER, nonce);
  if (logged.brand) headers.set(BRAND_HEADER, logged.brand);
  if (logged.route) headers.set(ROUTE_HEADER, logged.route);
  await edgeCache().put(key, new Response(page.body, { status: page.status, headers }));
}

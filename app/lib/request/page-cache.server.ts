import { consentVariant } from "@contract/marketing/consent";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { sessionCookieName } from "~/lib/session/cookie-name";
import { readCookie } from "~/lib/request/cookies";
import { edgeCache } from "./edge-cache";
import { withNonce } from "./security-headers.server";

/**
 * Serves anonymous GETs of edge-cacheable pages from the edge cache. A page is stored only when its response says
 * it may be (public with s-maxage, no Set-Cookie); the key carries the build id, so a deploy never serves old HTML.
 * Visitors with a session always get a fresh, private page. A page served from the cache gets this response's nonce.
 * One copy per consent variant (docs/decisions/0024): the banner, the consent script and the tags differ by the
 * visitor's choice, never by anything that names the visitor.
 */
export async function withPageCache(request: Request, ctx: ExecutionContext, cookieName: string, nonce: string, render: () => Promise<Response>) {
  const url = new URL(request.url);
  if (request.method !== "GET" || readCookie(request.headers.get("cookie"), sessionCookieName(cookieName, url))) return render();
  url.searchParams.set("__build", __BUILD_ID__);
  url.searchParams.set("__consent", consentVariant(requestConsent(request)));
  const key = new Request(url, { method: "GET" });
  const hit = await edgeCache().match(key);
  if (hit) {
    const response = withNonce(new Response(hit.body, hit), nonce);
    response.headers.set("x-page-cache", "HIT");
    return response;
  }
  const response = await render();
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (response.status === 200 && cacheControl.includes("public") && cacheControl.includes("s-maxage") && !response.headers.has("set-cookie")) {
    ctx.waitUntil(edgeCache().put(key, response.clone()));
    response.headers.set("x-page-cache", "MISS");
  }
  return response;
}

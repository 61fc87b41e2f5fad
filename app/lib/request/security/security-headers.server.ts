import type { TagSources } from "~/lib/consent/tags";

/**
 * The headers every response carries (decision 0014): a Content-Security-Policy whose inline scripts need this
 * response's nonce, no MIME sniffing, no framing, a strict referrer, no powerful features, and HSTS on https.
 */

/** Random bytes drawn from the runtime's generator 256 nonces at a time (one call instead of one per response). */
const NONCE_BYTES = 16;
let randomPool = new Uint8Array(0);
let poolAt = 0;

/** A fresh, unguessable nonce for one response's inline scripts: 16 random bytes, never used twice. */
export function cspNonce(): string {
  if (poolAt + NONCE_BYTES > randomPool.length) {
    randomPool = crypto.getRandomValues(new Uint8Array(NONCE_BYTES * 256));
    poolAt = 0;
  }
  const bytes = randomPool.subarray(poolAt, poolAt + NONCE_BYTES);
  poolAt += NONCE_BYTES;
  return btoa(String.fromCharCode(...bytes));
}

/** The design creator's pages, under a locale prefix or not (`/create/206`, `/en/create/206`). */
const CREATOR_PATH = /^(\/[a-z]{2})?\/create\//;

const NO_TAGS: TagSources = { script: [], connect: [], img: [], frame: [] };
const withSources = (directive: string, sources: string[]) => [directive, ...new Set(sources)].join(" ");

/**
 * The page's policy; the marketing tags the page loads add their origins (docs/decisions/0024), and only then. Forms
 * go to this site, and to `formTargets`: another sign-in provider's origin, where the sign-in form's redirect leads
 * (a redirect after a form post is held to form-action; docs/decisions/0037).
 */
function pagePolicy(nonce: string, https: boolean, tags: TagSources, formTargets: string[], wasm: boolean) {
  return [
    "default-src 'self'",
    withSources(`script-src 'self' 'nonce-${nonce}'`, [...tags.script, ...(wasm ? ["'wasm-unsafe-eval'"] : [])]),
    "style-src 'self'",
    withSources("img-src 'self' data:", tags.img),
    "font-src 'self'",
    // The public icon service answers when the store's own icon endpoint does not (docs/decisions/0028).
    withSources("connect-src 'self' https://api.iconify.design", tags.connect),
    ...(tags.frame.length ? [withSources("frame-src 'self'", tags.frame)] : []),
    "object-src 'none'",
    "base-uri 'self'",
    withSources("form-action 'self'", formTargets),
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The response itself when its headers may be changed; a copy when they may not (a fetched or cache-matched one). */
function withMutableHeaders(response: Response): Response {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

export function withSecurityHeaders(
  response: Response,
  request: Request,
  nonce: string,
  tags: TagSources = NO_TAGS,
  formTargets: string[] = [],
): Response {
  const secured = withMutableHeaders(response);
  const url = new URL(request.url);
  const https = url.protocol === "https:";
  // The design creator may compile WebAssembly (a HEIC's decoder, docs/decisions/0047); no other page, and never eval.
  const wasm = CREATOR_PATH.test(url.pathname);
  const html = secured.headers.get("content-type")?.startsWith("text/html") ?? false;
  secured.headers.set(
    "Content-Security-Policy",
    html ? pagePolicy(nonce, https, tags, formTargets, wasm) : "default-src 'none'; frame-ancestors 'none'",
  );
  secured.headers.set("X-Content-Type-Options", "nosniff");
  secured.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  secured.headers.set(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), browsing-topics=()",
  );
  if (https) secured.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return secured;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state change must come from this site: the browser's Origin (or Sec-Fetch-Site) header must say so.
 * Browsers send Origin on every POST; a request with neither header is refused too.
 */
export function isCrossSiteStateChange(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (origin) return origin !== new URL(request.url).origin;
  const site = request.headers.get("sec-fetch-site");
  return site !== "same-origin";
}

import type { HeadersFunction } from "react-router";

/**
 * Anonymous catalogue pages may be cached at the edge: briefly by browsers, longer by the edge, served stale while
 * refreshed. The request middleware turns this into `private, no-store` for any visitor with a session.
 */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=60, s-maxage=600, stale-while-revalidate=86400";

export const catalogueHeaders: HeadersFunction = ({ errorHeaders }): Record<string, string> =>
  errorHeaders ? { "Cache-Control": "no-store" } : { "Cache-Control": CATALOGUE_CACHE_CONTROL, Vary: "Cookie" };

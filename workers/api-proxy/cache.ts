export const CACHE_STRATEGIES = ["none", "short", "long"] as const;
export type CacheStrategy = (typeof CACHE_STRATEGIES)[number];

/** Brand, locale, path and query (less the per-visitor ext_session_id) name a cached catalogue answer. */
export function cacheKey(brand: string | undefined, locale: string | undefined, path: string, params: URLSearchParams) {
  const query = new URLSearchParams(params);
  query.delete("ext_session_id");
  query.sort();
  return `https://api-cache.internal/${encodeURIComponent(brand ?? "-")}/${encodeURIComponent(locale ?? "-")}${path}?${query}`;
}

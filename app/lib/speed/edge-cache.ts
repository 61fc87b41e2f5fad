/** The colo's default cache (the DOM typings of `caches` do not know Workers' `default`). */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

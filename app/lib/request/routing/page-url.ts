/**
 * The page a request is for. A client navigation's data request arrives as `/path.data` (or `/_root.data` for
 * `/`) with a `_routes` parameter; loaders see that raw URL, so anything that reads the path uses this instead.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) {
    url.pathname = url.pathname === "/_root.data" ? "/" : url.pathname.slice(0, -".data".length);
    url.searchParams.delete("_routes");
  }
  return url;
}

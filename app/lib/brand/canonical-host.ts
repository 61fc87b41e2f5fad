import { BRANDS } from "@contract/brands/brands";

const DOMAINS = new Set(BRANDS.map((brand) => brand.domain));

/**
 * A brand's www host answers with a permanent redirect to its domain, path and query kept: one address per page for
 * shoppers, caches and search engines (both are the brand's Custom Domains, deploy/environments.ts). Null otherwise.
 */
export function canonicalHostRedirect(request: Request): Response | null {
  // A string test first: nearly every request is not for a www host, and then costs no URL parsing here.
  if (!request.url.startsWith("https://www.") && !request.url.startsWith("http://www.")) return null;
  const url = new URL(request.url);
  const domain = url.hostname.slice(4);
  if (!url.hostname.startsWith("www.") || !DOMAINS.has(domain)) return null;
  url.hostname = domain;
  // 308 keeps a form's method and body; links and bookmarks get the classic 301.
  return new Response(null, {
    status: request.method === "GET" || request.method === "HEAD" ? 301 : 308,
    headers: { location: url.toString(), "cache-control": "public, max-age=86400" },
  });
}

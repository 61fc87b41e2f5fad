import { BRANDS, brandBySlug, type Brand } from "@contract/brands/brands";

const brandByHost = new Map(BRANDS.flatMap((brand) => brand.hosts.map((host) => [host, brand] as const)));

/** The request's host picks the brand; any other host (plain localhost, a preview URL) gets the default brand. */
export function resolveBrand(request: Request, defaultSlug: string): Brand {
  const hostname = new URL(request.url).hostname.toLowerCase();
  const brand = brandByHost.get(hostname) ?? brandBySlug(defaultSlug);
  if (!brand) throw new Error(`Unknown default brand ${defaultSlug}`);
  return brand;
}

// Which brands a base URL reaches, and how: the request's host picks the brand (app/lib/brand/), so a brand is reached
// at one of its own hosts, or by its local host name sent to a loopback address.
import { isIP } from "node:net";
import { BRANDS, brandHostsIn, HOST_PLACES, type Brand, type HostPlace } from "../../contract/brands/brands.ts";
import type { Site } from "./http.ts";

/**
 * One site to check: a brand at its own host, or (brand null) a host that serves whichever brand is the store's
 * default, which must be one of `expected`.
 */
export type Target = { site: Site; brand: Brand } | { site: Site; brand: null; expected: Brand[] };

export type Plan = { targets: Target[]; note: string | null };

export class UsageError extends Error {}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "");
const isAddress = (hostname: string) => hostname === "localhost" || isIP(bare(hostname)) !== 0;

/** The brands asked for by slug, in any case; every brand when none is asked for. */
export function chosenBrands(slugs: string[]): Brand[] {
  const chosen = slugs.map((slug) => {
    const brand = BRANDS.find((candidate) => candidate.slug === slug.trim().toUpperCase());
    if (!brand) throw new UsageError(`unknown brand ${slug} (brands: ${BRANDS.map((b) => b.slug).join(", ")})`);
    return brand;
  });
  return chosen.length ? [...new Set(chosen)] : [...BRANDS];
}

function placeOf(hostname: string): { brand: Brand; place: HostPlace; index: number } | null {
  for (const brand of BRANDS) {
    for (const place of HOST_PLACES) {
      const index = brandHostsIn(brand, place).indexOf(hostname);
      if (index >= 0) return { brand, place, index };
    }
  }
  return null;
}

/** Where a brand's host is reached: `*.localhost` does not resolve in Node, so it is connected to on loopback. */
function siteAt(base: URL, hostname: string, connectTo?: URL): Site {
  const origin = new URL(base.origin);
  origin.hostname = hostname;
  const connect =
    connectTo ??
    (hostname.endsWith(".localhost")
      ? new URL(`${base.protocol}//127.0.0.1${base.port ? `:${base.port}` : ""}`)
      : origin);
  return { origin: origin.origin, connect: new URL(connect.origin) };
}

/**
 * - a loopback or IP address (or `localhost`): each brand at `{slug}.localhost:{port}`, sent to that address;
 * - one of a brand's hosts: that brand only, or the brands asked for at their own hosts of the same place
 *   (production's apex or www, staging's, local);
 * - any other host (a workers.dev preview): the app serves its default brand there, so that host is checked once.
 */
export function planTargets(base: URL, slugs: string[]): Plan {
  const { hostname } = base;
  if (isAddress(hostname)) {
    return {
      targets: chosenBrands(slugs).map((brand) => ({
        brand,
        site: siteAt(base, brandHostsIn(brand, "local")[0]!, base),
      })),
      note: null,
    };
  }
  const known = placeOf(hostname);
  if (known) {
    const brands = slugs.length ? chosenBrands(slugs) : [known.brand];
    return {
      targets: brands.map((brand) => {
        const hosts = brandHostsIn(brand, known.place);
        return { brand, site: siteAt(base, hosts[known.index] ?? hosts[0]!) };
      }),
      note: null,
    };
  }
  return {
    targets: [{ brand: null, expected: chosenBrands(slugs), site: siteAt(base, hostname) }],
    note: `${hostname} is none of the brands' hosts: every brand sent there reaches the store's default brand, so it is checked once, as the default brand only`,
  };
}

import { buildMeta, type BuildManifest } from "@contract/builds/meta";
import type { Brand } from "@contract/brands/brands";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * `builds/meta/{buildId}.json` as the storefront answers it (docs/decisions/0039): its own build's from what it was
 * built with, so that a page of this build has its meta while the build-version worker, replaced only after a rollout
 * (0031), still holds the previous build; any other build is the build-version worker's (`forward`), for this brand.
 */
export function metaAnswer(
  own: BuildManifest | null,
  pathname: string,
  brand: Brand,
  forward: (brandSlug: string) => Promise<Response>,
): Promise<Response> {
  if (own && pathname === `/builds/meta/${own.buildId}.json`)
    return Promise.resolve(Response.json(buildMeta(own, brand), { headers: { "Cache-Control": IMMUTABLE } }));
  return forward(brand.slug);
}

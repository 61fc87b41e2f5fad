import type { Route } from "./+types/api.bootstrap";
import { CONSENT_VERSION } from "@contract/marketing/consent";
import { TAG_CONSENT, type TagName } from "~/lib/consent/tags";
import { BOOTSTRAP_MAX_AGE_MS } from "~/lib/client-state/timing";
import { brandContext } from "~/lib/request/context/keys";

/**
 * GET: the brand's bootstrap config, read by the browser once an hour (spec section 9's 3600000 ms): the build, the
 * consent text's version, the tags the brand uses (and the consent each needs), its feature switches.
 */
export function loader({ context }: Route.LoaderArgs) {
  const brand = context.get(brandContext);
  const seconds = BOOTSTRAP_MAX_AGE_MS / 1000;
  return Response.json(
    {
      buildId: __BUILD_ID__,
      consentVersion: CONSENT_VERSION,
      tags: Object.fromEntries((Object.keys(TAG_CONSENT) as TagName[]).map((tag) => [tag, brand.tags[tag] !== null])),
      tagConsent: TAG_CONSENT,
      features: brand.features,
    },
    { headers: { "Cache-Control": `public, max-age=${seconds}, s-maxage=${seconds}`, Vary: "Cookie" } },
  );
}

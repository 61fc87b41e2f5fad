import { resolveBrand } from "~/lib/brand/resolve-brand";
import { requestConsent } from "./consent-cookie.server";
import { pageTags, tagSources } from "./tags";

/** The origins a page of this request may load tags from: its brand's tags that the visitor's consent cookie allows. */
export function requestTagSources(request: Request, defaultBrand: string) {
  const { tags } = resolveBrand(request, defaultBrand);
  return tagSources(tags, pageTags(tags, requestConsent(request)));
}

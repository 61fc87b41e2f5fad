import { brandLocales } from "@contract/brands/brands";
import { brandContext } from "./context";
import { noRouteMatches, pageNotFound } from "./errors";
import { splitLocale } from "@contract/locales/paths";
import { isLocale } from "@contract/locales/locales";
import type { GuardArgs } from "./guards/redirect.server";
import { pageUrl } from "./page-url";

/**
 * The locale prefix rules, checked in one place (every layout's loader): a prefix that is no locale at all means
 * no route matched; a locale the brand does not offer under a prefix (its default, or a foreign one) is 404.
 */
export function assertLocaleAllowed({ request, context }: GuardArgs, params: { lang?: string }) {
  if (params.lang !== undefined && !isLocale(params.lang)) throw noRouteMatches(request);
  const brand = context.get(brandContext);
  const { locale } = splitLocale(pageUrl(request).pathname);
  if (locale && (locale === brand.defaultLocale || !brandLocales(brand).includes(locale))) throw pageNotFound(request);
}

import type { MiddlewareFunction } from "react-router";
import { brandLocales } from "@contract/brands/brands";
import { isLocale } from "@contract/locales/locales";
import { splitLocale } from "@contract/locales/paths";
import { noRouteMatches, pageNotFound } from "~/lib/errors";
import { brandContext } from "~/lib/request/context/keys";
import { pageUrl } from "./page-url";
import { shellData } from "~/lib/request/rendering/shell-data.server";

/**
 * The locale prefix rules, checked once for every request before any loader runs: a `:lang` that is no locale at all
 * means no route matched; a locale the brand does not offer under a prefix (its default, or a foreign one) is 404.
 */
export const localeGate: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  if (params.lang !== undefined && !isLocale(params.lang))
    throw noRouteMatches(request, await shellData(request, context));
  const brand = context.get(brandContext);
  const { locale } = splitLocale(pageUrl(request).pathname);
  if (locale && (locale === brand.defaultLocale || !brandLocales(brand).includes(locale)))
    throw pageNotFound(request, await shellData(request, context));
  return next();
};

import { errorResponse } from "@contract/http/errors";
import { LOCALE_TAGS, LOCALES, isLocale, type Locale } from "@contract/locales/locales";
import type { Namespace } from "./resources";
import { localeStringsOf } from "./strings.server";

/** A locale code, or a locale's link form (its language tag, e.g. `pl-PL`). */
export function localeFromLink(value: string | undefined): Locale | null {
  if (isLocale(value)) return value;
  const tag = LOCALES.find((locale) => LOCALE_TAGS[locale].toLowerCase() === value?.toLowerCase());
  return tag ?? null;
}

const YEAR_CACHE = { "Cache-Control": "public, max-age=31536000, immutable", "Access-Control-Allow-Origin": "*" };

/** A whole namespace (`general`), for a file that changes only with the build (the URL carries its date). */
export async function namespaceResponse(locale: Locale | null, _namespace: Namespace, assets: Fetcher | undefined) {
  if (!locale) return errorResponse(404, "notFound", "Unknown locale");
  return Response.json(await localeStringsOf(locale, assets), { headers: YEAR_CACHE });
}

/** One route's strings: the section of `general` named after the route (home, checkout, accounts, errors...). */
export async function routeTranslationResponse(
  locale: Locale | null,
  route: string | undefined,
  assets: Fetcher | undefined,
) {
  const general = locale ? await localeStringsOf(locale, assets) : null;
  if (!general || !route || !Object.hasOwn(general, route) || typeof general[route] !== "object") {
    return errorResponse(404, "notFound", "Unknown locale or route");
  }
  return Response.json(
    { [route]: general[route] },
    {
      headers: YEAR_CACHE,
    },
  );
}

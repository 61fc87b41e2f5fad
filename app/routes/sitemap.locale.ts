import type { Route } from "./+types/sitemap.locale";
import { brandLocales } from "@contract/brands/brands";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { brandContext } from "~/lib/request/context/keys";
import { pageNotFound } from "~/lib/errors";
import type { Locale } from "@contract/locales/locales";
import { localeSitemap } from "~/lib/seo/sitemap.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const brand = context.get(brandContext);
  const locale = params.file?.replace(/\.xml$/, "") as Locale;
  if (!params.file?.endsWith(".xml") || !brandLocales(brand).includes(locale)) throw pageNotFound(request);
  return localeSitemap(new URL(request.url).origin, brand, locale, catalogueApi(context));
}

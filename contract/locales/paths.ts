import type { Brand } from "../brands/brands.ts";
import { isLocale, type Locale } from "./locales.ts";

/** Adds the locale prefix a brand uses for `locale` (none for its default locale). */
export function localizePath(path: string, locale: Locale, brand: Pick<Brand, "defaultLocale">): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (locale === brand.defaultLocale) return clean;
  return clean === "/" ? `/${locale}` : `/${locale}${clean}`;
}

/** The path without its locale prefix, and the prefix's locale if there was one. */
export function splitLocale(pathname: string): { locale: Locale | null; path: string } {
  const [, first, ...rest] = pathname.split("/");
  if (isLocale(first)) return { locale: first, path: `/${rest.join("/")}` };
  return { locale: null, path: pathname };
}

import { useCallback } from "react";
import { useTranslation } from "~/lib/i18n/translations";
import { useRootData } from "./use-root-data";
import { localizePath } from "@contract/locales/paths";
import type { Locale } from "@contract/locales/locales";

/** What every layout piece needs: the brand, the locale, translations and locale-aware links. */
export function useShell() {
  const root = useRootData();
  const { t } = useTranslation();
  const locale = (root?.locale ?? "en") as Locale;
  const defaultLocale = (root?.brand.defaultLocale ?? locale) as Locale;
  // Stable between renders, so effects that depend on it run only when the locale changes.
  const to = useCallback((path: string) => localizePath(path, locale, { defaultLocale }), [locale, defaultLocale]);
  return { root, t, locale, to };
}

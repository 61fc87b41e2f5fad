import { LOCALES, type Locale } from "@contract/locales/locales";
import { localeStrings, type Tree } from "./locale-files";

/**
 * Namespaces served by /_locales: `general` holds every shared string (layout, errors, page titles).
 * Each locale folder holds `general.json` plus one file per feature (`cart.json`, `checkout.json`, `orders.json`, ...);
 * they are merged, deeply, into `general`, so a feature's strings live in their own file.
 */
export const NAMESPACES = ["general"] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<Tree>("/locales/*/*.json", { eager: true, import: "default" });

/**
 * Every locale's strings, bundled: for the tests and development. The built storefront does not bundle them: it reads
 * each locale's from its static files (strings.server.ts), which the build writes from the same files.
 */
export const resources = Object.fromEntries(
  LOCALES.map((locale) => [locale, { general: localeStrings(locale, Object.entries(files)) }]),
) as Record<Locale, Record<Namespace, Tree>>;

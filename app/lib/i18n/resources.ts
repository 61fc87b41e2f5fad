import { LOCALES, type Locale } from "@contract/locales/locales";

/**
 * Namespaces served by /_locales: `general` holds every shared string (layout, errors, page titles).
 * Each locale folder holds `general.json` plus one file per feature (`cart.json`, `checkout.json`, `orders.json`, ...);
 * they are merged, deeply, into `general`, so a feature's strings live in their own file.
 */
export const NAMESPACES = ["general"] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Tree = Record<string, unknown>;

const files = import.meta.glob<Tree>("/locales/*/*.json", { eager: true, import: "default" });

function merge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    into[key] =
      typeof value === "object" && value !== null && typeof current === "object" && current !== null
        ? merge({ ...(current as Tree) }, value as Tree)
        : value;
  }
  return into;
}

function localeStrings(locale: Locale): Tree {
  const own = Object.entries(files)
    .filter(([path]) => path.split("/").at(-2) === locale)
    // general.json first, then the feature files in name order: a stable result.
    .sort(([a], [b]) => (a.endsWith("/general.json") ? -1 : b.endsWith("/general.json") ? 1 : a.localeCompare(b)));
  return own.reduce<Tree>((all, [, strings]) => merge(all, strings), {});
}

export const resources = Object.fromEntries(LOCALES.map((locale) => [locale, { general: localeStrings(locale) }])) as Record<
  Locale,
  Record<Namespace, Tree>
>;

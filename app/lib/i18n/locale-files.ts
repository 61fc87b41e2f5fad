/** A locale's strings as nested keys. */
export type Tree = Record<string, unknown>;

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

/**
 * One locale's strings from the files under locales/ (`[path, strings]`, paths ending `/{locale}/{file}.json`):
 * general.json first, then the feature files in name order, merged deeply into one tree. Used by the bundle of the
 * tests and development (resources.ts) and by the build, which writes each locale's tree as a static file.
 */
export function localeStrings(locale: string, files: [string, Tree][]): Tree {
  const own = files
    .filter(([path]) => path.split("/").at(-2) === locale)
    .sort(([a], [b]) => (a.endsWith("/general.json") ? -1 : b.endsWith("/general.json") ? 1 : a.localeCompare(b)));
  return own.reduce<Tree>((all, [, strings]) => merge(all, strings), {});
}

/**
 * Where the build writes a locale's strings among the static files (the storefront reads them with its ASSETS binding).
 */
export const stringsFile = (locale: string) => `/_strings/${locale}.json`;

import { isolateMemory } from "@contract/memory/isolate-memories";
import { LOCALES, type Locale } from "@contract/locales/locales";
import { deepFreeze } from "~/lib/deep-freeze";
import { stringsFile, type Tree } from "./locale-files";

/**
 * The isolate's memory of each locale's strings: read once from the build's static files (ASSETS), then shared by every
 * request, frozen. Eight locales at most. A failed read is forgotten, so the next request tries again.
 */
const loaded = isolateMemory<Locale, Promise<Tree>>({
  name: "each locale's strings, read from the build's static files",
  maxEntries: LOCALES.length,
  ttl: "the isolate's life (one build); a failed read is forgotten",
});

async function read(locale: Locale, assets: Fetcher | undefined): Promise<Tree> {
  // Development and the tests' own modules have no build: there the strings are bundled (resources.ts), and the
  // built storefront never carries them (the condition is false in its build, so the import is left out).
  if (import.meta.env.DEV) return (await import("./resources")).resources[locale].general;
  if (!assets) throw new Error("The ASSETS binding is missing: the storefront reads its strings from its static files");
  const answer = await assets.fetch(new Request(`https://assets.local${stringsFile(locale)}`));
  if (!answer.ok) throw new Error(`${stringsFile(locale)} answered ${answer.status}: build the storefront`);
  return deepFreeze((await answer.json()) as Tree);
}

/** A locale's strings, the built storefront's from its static files, read once per isolate. */
export function localeStringsOf(locale: Locale, assets: Fetcher | undefined): Promise<Tree> {
  let strings = loaded.get(locale);
  if (!strings) {
    strings = read(locale, assets);
    loaded.set(locale, strings);
    void strings.catch(() => loaded.delete(locale));
  }
  return strings;
}

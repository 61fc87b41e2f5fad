import { PAGE_STRINGS_ID } from "./page-strings";
import { growingTranslations, type Translations, type Tree } from "./translator";

export function translationUrl(locale: string, namespace: string) {
  const path =
    namespace === "general" ? `/_locales/general/${locale}/data.json` : `/_locales/${locale}/${namespace}/data.json`;
  return `${path}?v=${encodeURIComponent(__BUILD_DATE__)}`;
}

let allLoaded: Promise<void> = Promise.resolve();

/** The strings the document carries (its render's), read once the document is parsed: they come last. */
async function documentStrings(): Promise<Tree> {
  if (document.readyState === "loading")
    await new Promise((done) => document.addEventListener("DOMContentLoaded", done, { once: true }));
  try {
    return JSON.parse(document.getElementById(PAGE_STRINGS_ID)?.textContent ?? "{}") as Tree;
  } catch {
    return {};
  }
}

/**
 * The page's translations in the browser (docs/decisions/0029): `first`, the strings its document carries, enough to
 * hydrate without a request; meanwhile the locale's whole set loads from /_locales (cached a year under the build's
 * date), quietly, and `whole` gives the translations grown to it, for what the page shows later and the pages the
 * visitor goes on to. Should it fail, the page keeps the document's strings.
 */
export async function initClientI18n(locale: string): Promise<{ first: Translations; whole: Promise<Translations> }> {
  const loading = fetch(translationUrl(locale, "general"), { priority: "low" }).then((response) =>
    response.ok ? (response.json() as Promise<Tree>) : Promise.reject(new Error(`${response.status}`)),
  );
  const growing = growingTranslations(locale, await documentStrings());
  const first = growing.translations;
  const whole = loading
    .then((strings) => {
      growing.grow(strings);
      return growing.translations;
    })
    .catch((error: unknown) => {
      console.error("translations did not load", error);
      return first;
    });
  allLoaded = whole.then(() => undefined);
  return { first, whole };
}

/**
 * Resolves when the locale's whole set of strings has loaded (or failed to): what shows strings the page's first render
 * did not use (the creator's editor) waits for it.
 */
export const allStringsLoaded = () => allLoaded;

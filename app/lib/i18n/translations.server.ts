import { LOCALES, type Locale } from "@contract/locales/locales";
import { isolateMemory } from "@contract/memory/isolate-memories";
import { i18nextTranslate } from "./i18next.server";
import { localeStringsOf } from "./strings.server";
import { recording, rememberingTexts, type Translations, type Tree } from "./translator";

/**
 * The isolate's translations, one per locale (docs/decisions/0046): an i18next instance made when the locale's strings
 * arrive, and shared by every request of that locale; requests only read it. Eight locales at most.
 */
const instances = isolateMemory<Locale, { translations: Translations; strings: Tree }>({
  name: "each locale's i18next instance and strings",
  maxEntries: LOCALES.length,
  ttl: "the isolate's life (one build)",
});

/** The locale's translations for the isolate's life: i18next's `t`, remembering the texts it made. */
export async function localeTranslations(
  locale: Locale,
  assets: Fetcher | undefined,
): Promise<{ translations: Translations; strings: Tree }> {
  let instance = instances.get(locale);
  if (!instance) {
    const strings = await localeStringsOf(locale, assets);
    // Two first requests of a locale wait for the same strings: the first to get here makes the instance.
    instance = instances.get(locale) ?? {
      translations: { language: locale, t: rememberingTexts(i18nextTranslate(locale, strings)).t },
      strings,
    };
    instances.set(locale, instance);
  }
  return instance;
}

/** A request's translations: the locale's, noting the keys asked so the document can carry their strings. */
export async function requestTranslations(locale: Locale, assets: Fetcher | undefined): Promise<Translations> {
  const { translations, strings } = await localeTranslations(locale, assets);
  return recording(translations, strings);
}

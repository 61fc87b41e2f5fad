import type { Locale } from "@contract/locales/locales";
import { localeStringsOf } from "./strings.server";
import { createTranslations, recording, type Translations, type Tree } from "./translator";

/** One set per locale for the isolate's life: requests only read it. */
const instances = new Map<Locale, { translations: Translations; strings: Tree }>();

/** A request's translations: the locale's, noting the keys asked so the document can carry their strings. */
export async function requestTranslations(locale: Locale, assets: Fetcher | undefined): Promise<Translations> {
  let instance = instances.get(locale);
  if (!instance) {
    const strings = await localeStringsOf(locale, assets);
    instance = instances.get(locale) ?? { translations: createTranslations(locale, strings), strings };
    instances.set(locale, instance);
  }
  return recording(instance.translations, instance.strings);
}

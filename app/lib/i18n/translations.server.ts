import type { Locale } from "@contract/locales/locales";
import { resources } from "./resources";
import { createTranslations, recording, type Translations } from "./translator";

/** One set per locale for the isolate's life: requests only read it. */
const instances = new Map<Locale, Translations>();

/** The locale's translations, on the bundled strings, ready at once (no loading). */
function i18nFor(locale: Locale): Translations {
  let translations = instances.get(locale);
  if (!translations) instances.set(locale, (translations = createTranslations(locale, resources[locale].general)));
  return translations;
}

/** A request's translations: the locale's, noting the keys asked so the document can carry their strings. */
export function requestTranslations(locale: Locale): Translations {
  return recording(i18nFor(locale), resources[locale].general);
}

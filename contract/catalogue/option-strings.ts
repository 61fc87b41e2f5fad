import cs from "@locales/cs/options.json";
import da from "@locales/da/options.json";
import en from "@locales/en/options.json";
import es from "@locales/es/options.json";
import fr from "@locales/fr/options.json";
import it from "@locales/it/options.json";
import pl from "@locales/pl/options.json";
import pt from "@locales/pt/options.json";
import type { Locale } from "../locales/locales";
import { createTranslations, type Translate } from "../locales/translator";
import { isolateMemory } from "../memory/isolate-memories";

/**
 * The option labels' strings for code that has no page translations (the product API's e-mails): the very files the
 * storefront merges into its own (locales/{lng}/options.json), read with the same translator. The storefront never
 * imports this module (its pages carry every locale's strings already).
 */
const OPTION_STRINGS: Record<Locale, Record<string, unknown>> = { cs, da, en, es, fr, it, pl, pt };

const translators = isolateMemory<Locale, Translate>({
  name: "option labels' translators by locale",
  maxEntries: Object.keys(OPTION_STRINGS).length,
  ttl: "the isolate's life",
});

export function optionTranslate(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) t = translators.keep(locale, createTranslations(locale, OPTION_STRINGS[locale]).t);
  return t;
}

/** Every locale the storefront is translated into; a brand uses its default plus its extra locales. */
export const LOCALES = ["pl", "es", "it", "da", "fr", "pt", "cs", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** Language tags for <html lang>, hreflang and Intl formatting. */
export const LOCALE_TAGS: Record<Locale, string> = {
  pl: "pl-PL",
  es: "es-ES",
  it: "it-IT",
  da: "da-DK",
  fr: "fr-FR",
  pt: "pt-PT",
  cs: "cs-CZ",
  en: "en",
};

export const LOCALE_NAMES: Record<Locale, string> = {
  pl: "Polski",
  es: "Español",
  it: "Italiano",
  da: "Dansk",
  fr: "Français",
  pt: "Português",
  cs: "Čeština",
  en: "English",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

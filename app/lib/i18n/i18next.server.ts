import { createInstance, type InitOptions, type TOptions } from "i18next";
import type { Locale } from "@contract/locales/locales";
import type { Translate, Tree } from "./translator";

/**
 * How the server's i18next reads a locale's strings: the one namespace `general` (docs/decisions/0005), no fallback
 * locale (every string is translated in every locale), values written as given (React escapes them), a value not given
 * left as its placeholder, an empty string kept as a text. The browser reads the same strings with the small lookup
 * (contract/locales/translator.ts); the equality test (i18next-equality.test.ts) holds the two to the same output
 * (docs/decisions/0046).
 */
export const I18NEXT_OPTIONS = {
  defaultNS: "general",
  ns: ["general"],
  fallbackLng: false,
  interpolation: { escapeValue: false },
  // A value given as undefined leaves its placeholder as written, as one not given does (i18next would write nothing).
  missingInterpolationHandler: (_text: string, placeholder: string[]) => placeholder[0],
  returnEmptyString: true,
  // The strings are given whole (no backend), so the instance is ready when init returns.
  initAsync: false,
} satisfies InitOptions;

/** An i18next instance of one locale's strings, and its `t` in the storefront's shape. */
export function i18nextTranslate(locale: Locale, strings: Tree): Translate {
  const instance = createInstance({ ...I18NEXT_OPTIONS, lng: locale, resources: { [locale]: { general: strings } } });
  void instance.init();
  return (key, values) => (values ? instance.t(key, values as TOptions) : instance.t(key)) as string;
}

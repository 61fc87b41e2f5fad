import { createInstance, type i18n, type TFunction } from "i18next";
import type { Locale } from "@contract/locales/locales";
import { resources } from "./resources";

/** One instance per locale for the isolate's life: requests only read it (nothing changes its language or resources). */
const instances = new Map<Locale, i18n>();

/** The locale's translations: an i18next instance on the bundled resources, ready at once (no loading). */
export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance({ lng: locale, resources, defaultNS: "general", ns: ["general"], interpolation: { escapeValue: false } });
    void instance.init({ initAsync: false });
    instance.t = rememberingPlainKeys(instance.t);
    instances.set(locale, instance);
  }
  return instance;
}

/**
 * `t` that answers a key asked without options (most of a page's: labels, headings) from memory after the first time:
 * the resources never change in an isolate, so neither does the text. A key with values or options is translated.
 */
function rememberingPlainKeys(t: TFunction): TFunction {
  const texts = new Map<string, string>();
  const remembering = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string") return (t as unknown as (...args: unknown[]) => string)(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = t(key)));
    return text;
  };
  return remembering as unknown as TFunction;
}

import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "@contract/locales/locales";
import { resources } from "./resources";

/** The request's translations: an i18next instance on the bundled resources, ready at once (no loading). */
export function createI18n(locale: Locale): i18n {
  const instance = createInstance({ lng: locale, resources, defaultNS: "general", ns: ["general"], interpolation: { escapeValue: false } });
  void instance.use(initReactI18next).init({ initAsync: false });
  return instance;
}

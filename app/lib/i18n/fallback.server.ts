import { createInstance, type i18n } from "i18next";
import type { RouterContextProvider } from "react-router";
import { initReactI18next } from "react-i18next";
import { brandContext, localeContext } from "../context";
import { getI18n } from "./i18next.server";
import { resources } from "./resources";

/**
 * The request's i18next instance. When a middleware stopped the request before i18next ran (a refused
 * cross-site post), the error screen still speaks the brand's language.
 */
export function i18nForContext(context: Readonly<RouterContextProvider>): i18n {
  try {
    return getI18n(context);
  } catch {
    let locale: string;
    try {
      locale = context.get(localeContext);
    } catch {
      locale = context.get(brandContext).defaultLocale;
    }
    const instance = createInstance({ lng: locale, resources, defaultNS: "general", interpolation: { escapeValue: false } });
    instance.use(initReactI18next).init({ initAsync: false });
    return instance;
  }
}

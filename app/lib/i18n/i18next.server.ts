import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { localeContext } from "../context";
import { LOCALES } from "@contract/locales/locales";
import { resources } from "./resources";

export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: "en",
    order: ["custom"],
    // The locale middleware has already read the URL prefix and checked it against the brand.
    findLocale: async ({ context }) => context.get(localeContext),
  },
  i18next: { resources, defaultNS: "general", ns: ["general"], interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});

import { createTranslations, type Translations } from "./translator";

export function translationUrl(locale: string, namespace: string) {
  const path = namespace === "general" ? `/_locales/general/${locale}/data.json` : `/_locales/${locale}/${namespace}/data.json`;
  return `${path}?v=${encodeURIComponent(__BUILD_DATE__)}`;
}

/**
 * The page's translations in the browser: its locale's strings from /_locales (the document preloads them, and they are
 * cached for a year under the build's date). Should they fail to load, the page still hydrates, with the keys showing.
 */
export async function initClientI18n(locale: string): Promise<Translations> {
  const strings = await fetch(translationUrl(locale, "general"))
    .then((response) => (response.ok ? (response.json() as Promise<Record<string, unknown>>) : Promise.reject(new Error(`${response.status}`))))
    .catch((error: unknown) => {
      console.error("translations did not load", error);
      return {};
    });
  return createTranslations(locale, strings);
}

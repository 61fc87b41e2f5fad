import i18next, { type BackendModule } from "i18next";

/** Loads a namespace from /_locales, versioned by the build date so it can be cached for a year. */
const localesBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    fetch(translationUrl(language, namespace))
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
      .then((data) => callback(null, data as Record<string, unknown>))
      .catch((error: Error) => callback(error, false));
  },
};

export function translationUrl(locale: string, namespace: string) {
  const path = namespace === "general" ? `/_locales/general/${locale}/data.json` : `/_locales/${locale}/${namespace}/data.json`;
  return `${path}?v=${encodeURIComponent(__BUILD_DATE__)}`;
}

export async function initClientI18n(locale: string) {
  await i18next
    .use(localesBackend)
    .init({ lng: locale, fallbackLng: false, ns: ["general"], defaultNS: "general", interpolation: { escapeValue: false } });
  return i18next;
}

import cs from "../../../locales/cs/general.json";
import da from "../../../locales/da/general.json";
import en from "../../../locales/en/general.json";
import es from "../../../locales/es/general.json";
import fr from "../../../locales/fr/general.json";
import it from "../../../locales/it/general.json";
import pl from "../../../locales/pl/general.json";
import pt from "../../../locales/pt/general.json";
import type { Locale } from "./locales";

/** Namespaces served by /_locales: `general` holds every shared string (layout, errors, page titles). */
export const NAMESPACES = ["general"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources: Record<Locale, Record<Namespace, Record<string, unknown>>> = {
  pl: { general: pl },
  es: { general: es },
  it: { general: it },
  da: { general: da },
  fr: { general: fr },
  pt: { general: pt },
  cs: { general: cs },
  en: { general: en },
};

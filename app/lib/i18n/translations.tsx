import { createContext, useContext } from "react";
import type { Translations } from "./translator";

/**
 * The document's translations, for components. A document has one language for its life (the language switcher loads
 * a new document) and its strings are there before the first render, so a component reads them from context, with
 * nothing to subscribe to (docs/decisions/0029).
 */
const TranslationsContext = createContext<Translations | null>(null);

export function TranslationsProvider({ i18n, children }: { i18n: Translations; children: React.ReactNode }) {
  return <TranslationsContext value={i18n}>{children}</TranslationsContext>;
}

export function useTranslation() {
  const i18n = useContext(TranslationsContext);
  if (!i18n) throw new Error("useTranslation needs a TranslationsProvider above it");
  return { t: i18n.t, i18n };
}

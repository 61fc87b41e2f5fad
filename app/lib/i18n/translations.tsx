import { createContext, useContext } from "react";
import type { i18n } from "i18next";

/**
 * The document's translations, for components. A document has one language for its life (the language switcher loads
 * a new document) and every namespace is there before the first render, so a component reads the instance and its
 * bound `t` from context, with nothing to subscribe to: react-i18next's hook, which copied the instance and set up a
 * subscription in every component that translates, cost about a fifth of a page's render (docs/decisions/0029).
 */
const TranslationsContext = createContext<i18n | null>(null);

export function TranslationsProvider({ i18n, children }: { i18n: i18n; children: React.ReactNode }) {
  return <TranslationsContext value={i18n}>{children}</TranslationsContext>;
}

export function useTranslation() {
  const i18n = useContext(TranslationsContext);
  if (!i18n) throw new Error("useTranslation needs a TranslationsProvider above it");
  return { t: i18n.t, i18n };
}

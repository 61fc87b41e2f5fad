import { createContext, useContext, useEffect, useState } from "react";
import type { Translations } from "./translator";

/**
 * The document's translations, for components. A document has one language for its life (the language switcher loads
 * a new document), so a component reads them from context, with nothing to subscribe to. In the browser the set grows
 * once, from the strings the document carries to the locale's whole set (lib/i18n/client.ts), and the page renders
 * again with it (docs/decisions/0029).
 */
const TranslationsContext = createContext<Translations | null>(null);

export function TranslationsProvider({ i18n, children }: { i18n: Translations; children: React.ReactNode }) {
  return <TranslationsContext value={i18n}>{children}</TranslationsContext>;
}

/**
 * The provider in the browser: the document's strings, then the whole set once it has loaded and the page has hydrated
 * (an effect: a change during hydration would make React render the page again from scratch, losing focus and state).
 */
export function LiveTranslationsProvider({
  first,
  whole,
  children,
}: {
  first: Translations;
  whole: Promise<Translations>;
  children: React.ReactNode;
}) {
  const [i18n, setI18n] = useState(first);
  useEffect(() => {
    let mounted = true;
    void whole.then((grown) => mounted && setI18n(grown));
    return () => {
      mounted = false;
    };
  }, [whole]);
  return <TranslationsProvider i18n={i18n}>{children}</TranslationsProvider>;
}

export function useTranslation() {
  const i18n = useContext(TranslationsContext);
  if (!i18n) throw new Error("useTranslation needs a TranslationsProvider above it");
  return { t: i18n.t, i18n };
}

import { LOCALE_TAGS } from "@contract/locales/locales";
import { formatMoney } from "@contract/rules/money";
import { useShell } from "./use-shell";

/** Formats minor units in the brand's currency by its decimals rule, in the page's locale. */
export function useMoney() {
  const { root, locale } = useShell();
  return (amountMinor: number) =>
    formatMoney(amountMinor, { currency: root?.brand.currency ?? "EUR", decimals: root?.brand.decimals ?? true, locale: LOCALE_TAGS[locale] });
}

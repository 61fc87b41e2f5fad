import { LOCALE_TAGS } from "~/lib/i18n/locales";
import { formatMoney } from "~/lib/rules";
import { useShell } from "./use-shell";

/** Formats minor units in the brand's currency by its decimals rule, in the page's locale. */
export function useMoney() {
  const { root, locale } = useShell();
  return (amountMinor: number) =>
    formatMoney(amountMinor, { currency: root?.brand.currency ?? "EUR", decimals: root?.brand.decimals ?? true, locale: LOCALE_TAGS[locale] });
}

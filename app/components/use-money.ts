import { LOCALE_TAGS } from "@contract/locales/locales";
import { formatMoney } from "@contract/rules/money";
import { useShell } from "./use-shell";

// The pages' one door to the money formatter: imported from here, it ships in one chunk with the hook rather than in
// a chunk of its own (the client JS budget).
export { formatMoney };

/** Formats minor units in the brand's currency by its decimals rule, in the page's locale. */
export function useMoney() {
  const { root, locale } = useShell();
  return (amountMinor: number) =>
    formatMoney(amountMinor, {
      currency: root?.brand.currency ?? "EUR",
      decimals: root?.brand.decimals ?? true,
      locale: LOCALE_TAGS[locale],
    });
}

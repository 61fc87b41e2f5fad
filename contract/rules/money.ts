import { numberFormat } from "./intl-formats";

/** SPEC 5: money in integer minor units, shown by the brand's decimals rule. */
type MoneyFormat = { currency: string; decimals: boolean; locale: string };

/**
 * Formats integer minor units. Decimals off: no decimals, rounded up to a whole unit (by magnitude, so a
 * discount of -12.30 shows -13). Decimals on: whole amounts show no decimals, the others show two.
 */
export function formatMoney(amountMinor: number, { currency, decimals, locale }: MoneyFormat): string {
  if (!Number.isInteger(amountMinor)) throw new TypeError(`Money must be integer minor units, got ${amountMinor}`);
  const whole = amountMinor % 100 === 0;
  const value = decimals ? amountMinor / 100 : Math.sign(amountMinor) * Math.ceil(Math.abs(amountMinor) / 100);
  const fractionDigits = decimals && !whole ? 2 : 0;
  return numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

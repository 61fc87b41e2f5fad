import { LOCALE_TAGS } from "@contract/locales/locales";
import { formatMoney } from "../use-money";
import { dateTimeFormat, numberFormat } from "@contract/rules/intl-formats";
import { useShell } from "../use-shell";

/** The dashboard's numbers in the page's language: counts, shares, days, and money by its own currency's rule. */
export function useDashboardFormats(currencyDecimals: Record<string, boolean>) {
  const { locale } = useShell();
  const tag = LOCALE_TAGS[locale];
  return {
    count: (value: number) => numberFormat(tag).format(value),
    /** A share (0.0235) as a percent with up to two decimals; none (no visits) as a dash. */
    percent: (value: number | null) =>
      value === null ? "—" : numberFormat(tag, { style: "percent", maximumFractionDigits: 2 }).format(value),
    money: (minor: number, currency: string) =>
      formatMoney(minor, { currency, decimals: currencyDecimals[currency] ?? true, locale: tag }),
    /** A short axis figure: 12 300 → "12K". */
    compact: (value: number) => numberFormat(tag, { notation: "compact", maximumFractionDigits: 1 }).format(value),
    day: (day: string) =>
      dateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`)),
    longDay: (day: string) =>
      dateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`)),
  };
}
export type DashboardFormats = ReturnType<typeof useDashboardFormats>;

import { LOCALE_TAGS, type Locale } from "@contract/locales/locales";
import { dateTimeFormat } from "@contract/rules/intl-formats";

/** A delivery date ("2026-11-26") as the locale writes a short day: "Thu 26 Nov". */
export function formatDay(isoDate: string, locale: Locale) {
  return dateTimeFormat(LOCALE_TAGS[locale], {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

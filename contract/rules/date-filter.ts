import type { DATE_FILTERS } from "../api/enums";

type DateFilter = (typeof DATE_FILTERS)[number];

/** Instants as the API stores them (ISO 8601, UTC): `from` included, `to` excluded; null leaves that side open. */
export type DateRange = { from: string | null; to: string | null };

const DAY_MS = 86_400_000;
const startOfYear = (year: number) => new Date(Date.UTC(year, 0, 1)).toISOString();

/**
 * The same instant `months` calendar months earlier; a day the shorter month lacks becomes its last day (31 May → 28/29
 * Feb).
 */
function monthsBefore(now: Date, months: number): Date {
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  target.setUTCHours(now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds());
  return target;
}

/**
 * The spec's date filter for lists of orders, in UTC: `without` everything; `thirty_days` the last 30 × 24 hours;
 * `three_months` since the same moment three calendar months ago; `this_year` since 1 January of the current year;
 * `last_year` the whole previous calendar year (1 January to 31 December).
 */
export function dateFilterRange(filter: DateFilter, now: Date): DateRange {
  const year = now.getUTCFullYear();
  switch (filter) {
    case "without":
      return { from: null, to: null };
    case "thirty_days":
      return { from: new Date(now.getTime() - 30 * DAY_MS).toISOString(), to: null };
    case "three_months":
      return { from: monthsBefore(now, 3).toISOString(), to: null };
    case "this_year":
      return { from: startOfYear(year), to: startOfYear(year + 1) };
    case "last_year":
      return { from: startOfYear(year - 1), to: startOfYear(year) };
  }
}

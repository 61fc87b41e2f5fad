/**
 * The marketing dashboard's date range (docs/decisions/0027): whole UTC days, `from` and `to` both included, at most a
 * leap year long. Zod-free, shared by the storefront's filters and the product API's report.
 */
export const REPORT_MAX_DAYS = 366;
/** The ranges offered with one click, in days ending today; the first page shows the default. */
export const REPORT_PRESET_DAYS = [7, 30, 90] as const;
export const REPORT_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const time = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `count` days after (or before, when negative) a YYYY-MM-DD day. */
export const addDays = (day: string, count: number) => dayOf(time(day) + count * DAY_MS);

/** How many days the range holds, both ends included (0 or less when `to` is before `from`). */
export const daysInRange = (from: string, to: string) => Math.round((time(to) - time(from)) / DAY_MS) + 1;

/** Every day of the range, in order. */
export function everyDay(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, daysInRange(from, to)) }, (_, index) => addDays(from, index));
}

/** The last `days` days up to and including today (UTC). */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = dayOf(now.getTime());
  return { from: addDays(to, 1 - days), to };
}

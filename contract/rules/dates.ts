/** SPEC 5: date strings and the adult check. */
const DATE_STRING = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar month, "2026-11" (the commissions' month filter and sums). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Year-month-day that names a real calendar date (no 2025-02-30). */
export function isDateString(value: string): boolean {
  const match = DATE_STRING.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date as a person types it in three fields (a memorable date: a birth date), each as typed. */
export type DateParts = { day: string; month: string; year: string };

/**
 * Three typed parts as a date string: "empty" when all three are blank (the date is removed), "incomplete" when one or
 * two are, "invalid" when they are not a day, a month and a four-digit year of a real calendar date (30 2 2010).
 */
export function dateOfParts(
  parts: DateParts,
): { kind: "date"; value: string } | { kind: "empty" | "incomplete" | "invalid" } {
  const day = parts.day.trim();
  const month = parts.month.trim();
  const year = parts.year.trim();
  const filled = [day, month, year].filter(Boolean).length;
  if (filled === 0) return { kind: "empty" };
  if (filled < 3) return { kind: "incomplete" };
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return { kind: "invalid" };
  const value = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isDateString(value) ? { kind: "date", value } : { kind: "invalid" };
}

/** A stored date string in its three parts, as a person writes them (no leading zeros); blank parts for none. */
export function partsOfDate(value: string | null | undefined): DateParts {
  if (!value || !isDateString(value)) return { day: "", month: "", year: "" };
  const [year, month, day] = value.split("-") as [string, string, string];
  return { day: String(Number(day)), month: String(Number(month)), year };
}

const ADULT_AGE = 18;

/** Age from a birth date string, in whole years on `today` (UTC). */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  if (!isDateString(birthDate)) throw new RangeError(`Not a date: ${birthDate}`);
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function isAdult(birthDate: string, today: Date = new Date()): boolean {
  return isDateString(birthDate) && ageOn(birthDate, today) >= ADULT_AGE;
}

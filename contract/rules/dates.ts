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

export const ADULT_AGE = 18;

/** Age from a birth date string, in whole years on `today` (UTC). */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  if (!isDateString(birthDate)) throw new RangeError(`Not a date: ${birthDate}`);
  const [year, month, day] = birthDate.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export function isAdult(birthDate: string, today: Date = new Date()): boolean {
  return isDateString(birthDate) && ageOn(birthDate, today) >= ADULT_AGE;
}

/** The spec's validation and formatting rules, shared by the server, the browser and the product API. */

export type MoneyFormat = { currency: string; decimals: boolean; locale: string };

/**
 * Formats integer minor units. Decimals off: no decimals, rounded up to a whole unit (by magnitude, so a
 * discount of -12.30 shows -13). Decimals on: whole amounts show no decimals, the others show two.
 */
export function formatMoney(amountMinor: number, { currency, decimals, locale }: MoneyFormat): string {
  if (!Number.isInteger(amountMinor)) throw new TypeError(`Money must be integer minor units, got ${amountMinor}`);
  const whole = amountMinor % 100 === 0;
  const value = decimals ? amountMinor / 100 : Math.sign(amountMinor) * Math.ceil(Math.abs(amountMinor) / 100);
  const fractionDigits = decimals && !whole ? 2 : 0;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]+$/;

/** Local part, @, domain, dot, suffix. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

const DATE_STRING = /^(\d{4})-(\d{2})-(\d{2})$/;

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

/** Lowercase, accents folded, spaces to hyphens, punctuation removed. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/ł/g, "l")
    .replace(/ø/g, "o")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

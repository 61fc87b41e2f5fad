import { dateTimeFormat } from "../rules/intl-formats";
import type { CalendarSettings, DesignDocument, TextElement } from "./document";
import { LINE_HEIGHT, MM_PER_POINT } from "./layout";
import { safeBox, templateFor, type PrintTemplate } from "./templates";

/**
 * A calendar's month grids, drawn from the document alone (the editor, the previews and the server's print file all
 * call this): page 1 is the cover, pages 2 to 13 the twelve months from the chosen first month. Month and day names
 * come from Intl in the calendar's language; the week starts on the day the document says. Each grid is a title and
 * seven columns of text (the day's short name, then six week rows, blank where the month has no day), so whatever draws
 * text draws the grid.
 */

/** Countries whose week starts on Sunday (CLDR's week data, for the shop's markets and their neighbours). */
const SUNDAY_FIRST = new Set(["PT", "US", "CA", "BR", "MX", "JP", "IL"]);

/** The first day of the week in a country (ISO: 1 Monday, 7 Sunday). */
export function weekStartFor(country: string): number {
  return SUNDAY_FIRST.has(country.toUpperCase()) ? 7 : 1;
}

/** The settings a new calendar starts with: next year, from January, in the shop's language and country. */
export function calendarSettings(language: string, country: string, today = new Date()): CalendarSettings {
  return {
    year: today.getUTCFullYear() + 1,
    firstMonth: 1,
    locale: /^[a-z]{2}$/.test(language) ? `${language}-${country.toUpperCase()}` : "en",
    weekStart: weekStartFor(country),
  };
}

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The month page `index` (0 to 11) shows: the first month plus `index`, into the next year past December. */
export function calendarMonth(settings: CalendarSettings, index: number): { year: number; month: number } {
  const zeroBased = settings.firstMonth - 1 + index;
  return { year: settings.year + Math.floor(zeroBased / 12), month: (zeroBased % 12) + 1 };
}

/** The month's weeks, each seven days from the week's first day; null where a cell falls outside the month. */
export function monthWeeks(year: number, month: number, weekStart: number): Array<Array<number | null>> {
  const firstWeekday = ((new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7) + 1;
  const offset = (firstWeekday - weekStart + 7) % 7;
  const days = daysInMonth(year, month);
  const weeks: Array<Array<number | null>> = [];
  for (let cell = 0; cell < offset + days; cell++) {
    if (cell % 7 === 0) weeks.push([]);
    const day = cell - offset + 1;
    weeks.at(-1)!.push(day >= 1 ? day : null);
  }
  while (weeks.at(-1)!.length < 7) weeks.at(-1)!.push(null);
  return weeks;
}

/** The short names of the days in the week's order (`lun`, `mar`, ... or `Sun`, `Mon`, ...). */
export function weekdayNames(locale: string, weekStart: number): string[] {
  const format = dateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, column) => format.format(Date.UTC(2024, 0, ((weekStart - 1 + column) % 7) + 1)));
}

/** The month's name on its own (nominative where the language has cases), with a capital. */
export function monthName(locale: string, month: number): string {
  const name = dateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(Date.UTC(2024, month - 1, 15));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** Where a month page's grid sits: the lower part of the safe area (the page's photos go above it). */
export function calendarGridBox(template: PrintTemplate) {
  const safe = safeBox(template);
  const height = safe.height * 0.38;
  return { x: safe.x, y: safe.y + safe.height - height, width: safe.width, height };
}

const WEEK_ROWS = 6;
const round = (value: number) => Math.round(value * 100) / 100;

function gridText(id: string, text: string, box: { x: number; y: number; width: number }, sizeMm: number) {
  const lines = text.split("\n").length;
  const height = round(lines * sizeMm * LINE_HEIGHT);
  const element: TextElement = {
    id,
    kind: "text",
    x: round(box.x + box.width / 2),
    y: round(box.y + height / 2),
    width: round(box.width),
    height,
    rotation: 0,
    text,
    font: "roboto",
    sizePt: Math.max(4, Math.min(400, round(sizeMm / MM_PER_POINT))),
    colour: "#1f2937",
    align: "center",
    bold: false,
    italic: false,
  };
  return element;
}

/** A month's grid as text layers in `box`: its title (month and year), then a column per day of the week. */
function monthGrid(
  settings: CalendarSettings,
  year: number,
  month: number,
  box: { x: number; y: number; width: number; height: number },
  idPrefix: string,
): TextElement[] {
  const titleHeight = box.height * 0.18;
  const title = {
    ...gridText(`${idPrefix}t`, `${monthName(settings.locale, month)} ${year}`, box, titleHeight / LINE_HEIGHT),
    font: "playfair-display" as const,
    bold: true,
  };
  const weeks = monthWeeks(year, month, settings.weekStart);
  const names = weekdayNames(settings.locale, settings.weekStart);
  const rowsTop = box.y + titleHeight;
  const sizeMm = (box.height - titleHeight) / ((WEEK_ROWS + 1) * LINE_HEIGHT);
  const columnWidth = box.width / 7;
  const columns = names.map((name, column) => {
    const days = Array.from({ length: WEEK_ROWS }, (_, row) => weeks[row]?.[column]?.toString() ?? "");
    const place = { x: box.x + column * columnWidth, y: rowsTop, width: columnWidth };
    return { ...gridText(`${idPrefix}c${column}`, [name, ...days].join("\n"), place, sizeMm), bold: false };
  });
  return [title, ...columns];
}

/** The grid drawn on page `index` of the document: a month's for a calendar's month pages, none elsewhere. */
export function calendarGrid(
  document: Pick<DesignDocument, "calendar" | "size" | "landscape">,
  index: number,
): TextElement[] {
  const settings = document.calendar;
  if (!settings || index < 1 || index > 12) return [];
  const { year, month } = calendarMonth(settings, index - 1);
  const box = calendarGridBox(templateFor("calendar", document.size, document.landscape));
  return monthGrid(settings, year, month, box, `grid${index}`);
}

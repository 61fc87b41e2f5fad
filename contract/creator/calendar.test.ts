import { describe, expect, it } from "vitest";
import {
  calendarGrid,
  calendarMonth,
  calendarSettings,
  daysInMonth,
  monthName,
  monthWeeks,
  weekdayNames,
  weekStartFor,
} from "./calendar";
import { emptyDocument } from "./document";
import { printedPages } from "./pages";
import { safeBox, templateFor } from "./templates";

const spanish = { year: 2027, firstMonth: 1, locale: "es-ES", weekStart: 1 };

describe("a calendar's month grids", () => {
  it("count each month's days, leap years included", () => {
    expect([1, 2, 4, 12].map((month) => daysInMonth(2027, month))).toEqual([31, 28, 30, 31]);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it("start the week on the country's first day: Monday in Spain, Sunday in Portugal", () => {
    expect(weekStartFor("ES")).toBe(1);
    expect(weekStartFor("CZ")).toBe(1);
    expect(weekStartFor("PT")).toBe(7);
    // 1 January 2027 is a Friday: the fifth cell of a Monday week, the sixth of a Sunday week.
    expect(monthWeeks(2027, 1, 1)[0]).toEqual([null, null, null, null, 1, 2, 3]);
    expect(monthWeeks(2027, 1, 7)[0]).toEqual([null, null, null, null, null, 1, 2]);
    // February 2027 starts on a Monday and fills exactly four weeks from Monday.
    expect(monthWeeks(2027, 2, 1)).toHaveLength(4);
    expect(monthWeeks(2028, 2, 1).flat().filter(Boolean)).toHaveLength(29);
    expect(monthWeeks(2027, 5, 1).at(-1)).toEqual([31, null, null, null, null, null, null]);
  });

  it("name months and days in the calendar's language", () => {
    expect(monthName("es-ES", 1)).toBe("Enero");
    expect(monthName("pl-PL", 1)).toBe("Styczeń");
    expect(monthName("cs-CZ", 3)).toBe("Březen");
    expect(monthName("da-DK", 10)).toBe("Oktober");
    expect(weekdayNames("en", 1)[0]).toBe("Mon");
    expect(weekdayNames("en", 7)[0]).toBe("Sun");
    expect(weekdayNames("es-ES", 1)[0]).toMatch(/^lun/);
    expect(weekdayNames("pt-PT", 7)[0]).toMatch(/^dom/);
  });

  it("run twelve months from the first month, into the next year", () => {
    expect(calendarMonth({ ...spanish, firstMonth: 9 }, 0)).toEqual({ year: 2027, month: 9 });
    expect(calendarMonth({ ...spanish, firstMonth: 9 }, 4)).toEqual({ year: 2028, month: 1 });
    expect(calendarSettings("pt", "PT", new Date("2026-11-27T10:00:00Z"))).toEqual({
      year: 2027,
      firstMonth: 1,
      locale: "pt-PT",
      weekStart: 7,
    });
  });

  it("are drawn on the month pages only, as text inside the safe area, from the document alone", () => {
    const base = emptyDocument(210, "a4");
    const pages = Array.from({ length: 13 }, (_, index) => ({ id: `p${index + 1}`, layout: null, elements: [] }));
    const document = { ...base, pages, calendar: spanish };
    const printed = printedPages(document);
    expect(printed).toHaveLength(13);
    expect(printed[0]!.elements).toEqual([]);
    const january = printed[1]!.elements;
    expect(january).toHaveLength(8);
    expect(january[0]).toMatchObject({ kind: "text", text: "Enero 2027" });
    expect(january[1]!.kind === "text" && january[1]!.text.split("\n")).toEqual(["lun", "", "4", "11", "18", "25", ""]);
    expect(printed[12]!.elements[0]).toMatchObject({ text: "Diciembre 2027" });
    const safe = safeBox(templateFor("calendar", "a4", false));
    for (const element of printed.flatMap((page) => page.elements)) {
      expect(element.x - element.width / 2).toBeGreaterThanOrEqual(safe.x - 0.01);
      expect(element.y + element.height / 2).toBeLessThanOrEqual(safe.y + safe.height + 0.01);
    }
    expect(calendarGrid({ ...document, calendar: null }, 1)).toEqual([]);
  });
});

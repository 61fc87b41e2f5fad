import { describe, expect, it } from "vitest";
import { calendarGridBox } from "@contract/creator/calendar";
import { designDocumentSchema, emptyDocument, type DesignDocument } from "@contract/creator/document";
import { emptyFrames, innerPages, pageRules } from "@contract/creator/pages";
import { safeBox, templateFor } from "@contract/creator/templates";
import { addPages, autoFill, movePage, removePages, spreadOf, startingPages } from "./page-editing";
import { applyLayout } from "./page-layouts";

const rules = pageRules("photo-book");
const template = templateFor("photo-book", null, false);
const uploads = Array.from({ length: 30 }, (_, index) => ({
  id: `up_${String(index).padStart(24, "a")}`,
  width: 3000,
  height: 3000,
}));
const newBook = () => startingPages(emptyDocument(204, null), "photo-book", template);
const photoIds = (document: DesignDocument) =>
  document.pages.map((page) =>
    page.elements.flatMap((element) => (element.kind === "photo" ? [element.upload?.id ?? null] : [])),
  );

describe("a book's pages", () => {
  it("start as a cover and the fewest inner pages, each with one empty frame, as a valid document", () => {
    const book = newBook();
    expect(book.pages).toHaveLength(25);
    expect(book.pages.map((page) => page.id)).toEqual(Array.from({ length: 25 }, (_, index) => `p${index + 1}`));
    expect(emptyFrames(book)).toHaveLength(25);
    expect(designDocumentSchema.safeParse(book).success).toBe(true);
    // A poster keeps its one page.
    expect(startingPages(emptyDocument(206, "30x40"), "poster", template).pages).toHaveLength(1);
  });

  it("are added and removed a leaf (two pages) at a time, within 24 and 96 inner pages; the cover stays", () => {
    const book = newBook();
    expect(spreadOf(rules, 0)).toEqual([0]);
    expect(spreadOf(rules, 3)).toEqual([3, 4]);
    expect(spreadOf(rules, 4)).toEqual([3, 4]);
    expect(removePages(book, rules, 3)).toBe(book);
    const added = addPages(book, rules, 3, template);
    expect(added.page).toBe(5);
    expect(innerPages(rules, added.document)).toBe(26);
    expect(added.document.pages.slice(0, 5)).toEqual(book.pages.slice(0, 5));
    expect(added.document.pages.slice(7)).toEqual(book.pages.slice(5));
    const removed = removePages(added.document, rules, 6);
    expect(removed.pages.map((page) => page.id)).toEqual(book.pages.map((page) => page.id));
    expect(removePages(added.document, rules, 0)).toBe(added.document);
    let full = book;
    for (let step = 0; step < 40; step++) full = addPages(full, rules, 1, template).document;
    expect(innerPages(rules, full)).toBe(96);
    expect(designDocumentSchema.safeParse(full).success).toBe(true);
  });

  it("move one page to another place among the inner pages, never before the cover", () => {
    const book = newBook();
    const moved = movePage(book, rules, 5, 2);
    expect(moved.pages.slice(0, 7).map((page) => page.id)).toEqual(["p1", "p2", "p6", "p3", "p4", "p5", "p7"]);
    expect(movePage(book, rules, 5, 0)).toBe(book);
    expect(movePage(book, rules, 0, 5)).toBe(book);
    expect(movePage(book, rules, 5, 99)).toBe(book);
  });

  it("auto-fill the empty frames with the tray's photos in order, skipping placed ones, adding pages for the rest", () => {
    const book = newBook();
    const filled = autoFill(book, uploads.slice(0, 10), rules, template);
    expect(photoIds(filled).slice(0, 11).flat()).toEqual([...uploads.slice(0, 10).map((upload) => upload.id), null]);
    // Again with all 30: the first ten are placed already; 15 go into the empty frames and 5 need new pages.
    const more = autoFill(filled, uploads, rules, template);
    expect(innerPages(rules, more)).toBe(30);
    expect(photoIds(more).flat()).toEqual([...uploads.map((upload) => upload.id), null]);
    expect(designDocumentSchema.safeParse(more).success).toBe(true);
    expect(autoFill(more, uploads, rules, template)).toBe(more);
  });
});

describe("a page's layout", () => {
  it("replaces its frames with the layout's and keeps its photos in order", () => {
    const book = autoFill(newBook(), uploads.slice(0, 1), rules, template);
    const four = applyLayout(book, 0, "four", template, "Caption");
    const page = four.pages[0]!;
    expect(page.layout).toBe("four");
    expect(photoIds(four)[0]).toEqual([uploads[0]!.id, null, null, null]);
    const safe = safeBox(template);
    for (const element of page.elements) {
      expect(element.x - element.width / 2).toBeGreaterThanOrEqual(safe.x - 0.01);
      expect(element.x + element.width / 2).toBeLessThanOrEqual(safe.x + safe.width + 0.01);
    }
    const captioned = applyLayout(four, 0, "photo-text", template, "Caption");
    expect(captioned.pages[0]!.elements.map((element) => element.kind)).toEqual(["photo", "text"]);
    expect(photoIds(captioned)[0]).toEqual([uploads[0]!.id]);
    expect(applyLayout(captioned, 0, "two", template, "Caption").pages[0]!.elements.map((e) => e.kind)).toEqual([
      "photo",
      "photo",
      "text",
    ]);
    expect(four.pages.slice(1)).toEqual(book.pages.slice(1));
    expect(designDocumentSchema.safeParse(captioned).success).toBe(true);
  });

  it("keeps a calendar's month photos above the month's grid", () => {
    const calendarTemplate = templateFor("calendar", null, false);
    const settings = { year: 2027, firstMonth: 1, locale: "es-ES", weekStart: 1 };
    const calendar = startingPages({ ...emptyDocument(205, null), calendar: settings }, "calendar", calendarTemplate);
    expect(calendar.pages).toHaveLength(13);
    const grid = calendarGridBox(calendarTemplate);
    const month = calendar.pages[1]!.elements[0]!;
    expect(month.y + month.height / 2).toBeLessThan(grid.y);
    const cover = calendar.pages[0]!.elements[0]!;
    expect(cover.y + cover.height / 2).toBeGreaterThan(grid.y);
  });
});

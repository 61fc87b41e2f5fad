import { describe, expect, it } from "vitest";
import { designDocumentSchema, emptyDocument, MAX_PAGES, type PhotoElement } from "./document";
import { emptyFrames, extraPages, innerPages, pageRules, pagesWithinRules, printedPages } from "./pages";

const frame = (id: string, upload: PhotoElement["upload"] = null): PhotoElement => ({
  id,
  kind: "photo",
  x: 50,
  y: 50,
  width: 40,
  height: 40,
  rotation: 0,
  upload,
  fit: "fill",
  zoom: 1,
  panX: 0,
  panY: 0,
});
const photo = { id: "up_aaaaaaaaaaaaaaaaaaaaaaaa", width: 3000, height: 3000 };
const book = (inner: number) => ({
  ...emptyDocument(204, null),
  pages: Array.from({ length: 1 + inner }, (_, index) => ({
    id: `p${index + 1}`,
    layout: "one" as const,
    elements: [frame(`e${index + 1}`, index % 3 === 0 ? photo : null)],
  })),
});

describe("a design's pages", () => {
  it("reads a format-1 document (one page's layers) as a document of that one page", () => {
    const { pages: _pages, calendar: _calendar, ...rest } = emptyDocument(206, "30x40");
    const legacy = { ...rest, format: 1, elements: [frame("a", photo), frame("b")] };
    const upgraded = designDocumentSchema.parse(legacy);
    expect(upgraded).toEqual({
      ...rest,
      format: 2,
      pages: [{ id: "p1", layout: null, elements: legacy.elements }],
      calendar: null,
    });
    expect(printedPages(upgraded)).toEqual([{ id: "p1", elements: legacy.elements }]);
  });

  it("refuses ids repeated across pages, repeated pages, no pages and more pages than any product has", () => {
    const good = book(24);
    expect(designDocumentSchema.safeParse(good).success).toBe(true);
    const twice = { ...good, pages: good.pages.map((page) => ({ ...page, elements: [frame("same")] })) };
    expect(designDocumentSchema.safeParse(twice).success).toBe(false);
    const samePage = { ...good, pages: [good.pages[0]!, { ...good.pages[1]!, id: "p1" }] };
    expect(designDocumentSchema.safeParse(samePage).success).toBe(false);
    expect(designDocumentSchema.safeParse({ ...good, pages: [] }).success).toBe(false);
    expect(designDocumentSchema.safeParse(book(MAX_PAGES)).success).toBe(false);
    expect(designDocumentSchema.safeParse(book(MAX_PAGES - 1)).success).toBe(true);
  });

  it("counts inner pages and extra pages within the article's rules", () => {
    const rules = pageRules("photo-book");
    expect(innerPages(rules, book(24))).toBe(24);
    expect(pagesWithinRules(rules, book(24))).toBe(true);
    expect(pagesWithinRules(rules, book(25))).toBe(false);
    expect(pagesWithinRules(rules, book(22))).toBe(false);
    expect(pagesWithinRules(rules, book(98))).toBe(false);
    expect(extraPages(rules, innerPages(rules, book(30)))).toBe(6);
    expect(pagesWithinRules(pageRules("poster"), emptyDocument(206, "30x40"))).toBe(true);
    expect(pagesWithinRules(pageRules("calendar"), book(12))).toBe(true);
  });

  it("lists the empty photo frames by page number, the cover being page 1", () => {
    expect(emptyFrames(book(6))).toEqual([
      { page: 2, id: "e2" },
      { page: 3, id: "e3" },
      { page: 5, id: "e5" },
      { page: 6, id: "e6" },
    ]);
  });
});

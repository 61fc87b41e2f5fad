import { describe, expect, it } from "vitest";
import { emptyDocument } from "./document";
import { innerPages, pageCountProblem, pageRules } from "./pages";

describe("a design's inner pages", () => {
  it("are a photo book's 24 to 96 in steps of 2, 24 included", () => {
    const book = pageRules("photo-book");
    expect(pageCountProblem(book, 24)).toBeNull();
    expect(pageCountProblem(book, 32)).toBeNull();
    expect(pageCountProblem(book, 96)).toBeNull();
    expect(pageCountProblem(book, 23)).toBe("tooFew");
    expect(pageCountProblem(book, 25)).toBe("step");
    expect(pageCountProblem(book, 98)).toBe("tooMany");
  });
  it("are a calendar's twelve months, no more and no fewer", () => {
    const calendar = pageRules("calendar");
    expect(pageCountProblem(calendar, 12)).toBeNull();
    expect(pageCountProblem(calendar, 11)).toBe("tooFew");
    expect(pageCountProblem(calendar, 24)).toBe("tooMany");
  });
  it("count the printed pages less the cover, and a single-page product's one page", () => {
    const document = emptyDocument(103, null);
    expect(innerPages(pageRules("mug"), document)).toBe(1);
    expect(pageCountProblem(pageRules("mug"), innerPages(pageRules("mug"), document))).toBeNull();
    // A document of one page is a cover without inner pages: no photo book to print.
    expect(innerPages(pageRules("photo-book"), document)).toBe(0);
  });
});

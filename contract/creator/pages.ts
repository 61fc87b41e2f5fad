import { calendarGrid } from "./calendar";
import type { DesignDocument, DesignElement } from "./document";

/**
 * Products of many pages. A design's pages are its cover (where the product has one) followed by its inner pages; a
 * single-page product has one page. The rules here are per article kind; the price of each page past the included ones
 * is catalogue data (per article, in the site's currency).
 */
export type PageRules = {
  /** Page 1 is a cover, laid out like the others but not counted as an inner page. */
  cover: boolean;
  /** Inner pages: at least, at most, added and removed in steps of (a book's leaf has two sides). */
  minPages: number;
  maxPages: number;
  step: number;
  /** Inner pages the article's price includes; each one more costs the article's extra-page price. */
  includedPages: number;
  /** Cover plus twelve months, each month page printed with its grid (a customer chooses the year and first month). */
  calendar: boolean;
};

const SINGLE: PageRules = { cover: false, minPages: 1, maxPages: 1, step: 1, includedPages: 1, calendar: false };
const PAGE_RULES: Record<string, PageRules> = {
  "photo-book": { cover: true, minPages: 24, maxPages: 96, step: 2, includedPages: 24, calendar: false },
  calendar: { cover: true, minPages: 12, maxPages: 12, step: 12, includedPages: 12, calendar: true },
};

/** How an article of `kind` is paged (a single page unless the kind says otherwise). */
export function pageRules(kind: string): PageRules {
  return PAGE_RULES[kind] ?? SINGLE;
}

/** Whether an article of these rules has pages to count (a cover, or more than one inner page). */
export const isPaged = (rules: PageRules) => rules.cover || rules.maxPages > 1;

/** Inner pages past the included ones: what the extra-page price is multiplied by. */
export function extraPages(rules: PageRules, innerPages: number): number {
  return Math.max(0, innerPages - rules.includedPages);
}

/**
 * The pages a design prints, in order, each with every element drawn on it: the layers the customer placed plus what
 * the product itself adds (a calendar's month grid). The editor's previews and the server's print file both draw from
 * this, so what is printed is what was seen.
 */
export type PrintedPage = { id: string; elements: DesignElement[] };

/**
 * Every page in print order (the cover first), each with its layers bottom first and, on a calendar's month pages, the
 * month's grid on top (`calendar.ts`: text layers whose ids start with `grid`, drawn like any other text).
 */
export function printedPages(document: DesignDocument): PrintedPage[] {
  return document.pages.map((_, index) => printedPage(document, index));
}

/** Page `index` as `printedPages` gives it (no layers past the last page). */
export function printedPage(document: DesignDocument, index: number): PrintedPage {
  const page = document.pages[index];
  return page
    ? { id: page.id, elements: [...page.elements, ...calendarGrid(document, index)] }
    : { id: "", elements: [] };
}

/**
 * The inner pages of a document: all but the cover (where the product has one); a single-page product has one. The
 * cart line's count (and so its price) is this, computed by the product API from the saved version.
 */
export function innerPages(rules: PageRules, document: DesignDocument): number {
  return Math.max(0, document.pages.length - (rules.cover ? 1 : 0));
}

/** Whether the document has as many pages as the article allows (a cover where it has one, inner pages in steps). */
export function pagesWithinRules(rules: PageRules, document: DesignDocument): boolean {
  return pageCountProblem(rules, innerPages(rules, document)) === null;
}

/** Photo frames still waiting for a photo, by page number (1 is the first page, the cover where there is one). */
export function emptyFrames(document: DesignDocument): Array<{ page: number; id: string }> {
  return document.pages.flatMap((page, index) =>
    page.elements
      .filter((element) => element.kind === "photo" && !element.upload)
      .map((element) => ({ page: index + 1, id: element.id })),
  );
}

/** Why a count of inner pages cannot be printed: fewer than the least, more than the most, or off the step. */
type PageCountProblem = "tooFew" | "tooMany" | "step";

export function pageCountProblem(rules: PageRules, innerPages: number): PageCountProblem | null {
  if (innerPages < rules.minPages) return "tooFew";
  if (innerPages > rules.maxPages) return "tooMany";
  return (innerPages - rules.minPages) % rules.step === 0 ? null : "step";
}

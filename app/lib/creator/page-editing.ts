import { allElements, type DesignDocument, type DesignPage, type PhotoElement } from "@contract/creator/document";
import { innerPages, pageRules, type PageRules } from "@contract/creator/pages";
import type { PrintTemplate } from "@contract/creator/templates";
import { freshId, mapPages } from "./editing";
import { layoutElements } from "./page-layouts";

/**
 * Changes to a document's pages, within the article's page rules (`pages.ts`): the pages a new design starts with,
 * adding and removing inner pages in the rules' steps (a book's leaf: two pages), moving a page, and auto-fill. Each
 * returns a new document (one undo step) or the same one when the rules refuse.
 */

type Upload = NonNullable<PhotoElement["upload"]>;

/** The first inner page (1 after a cover). */
const firstInner = (rules: PageRules) => (rules.cover ? 1 : 0);

/** A fresh page in the one-photo layout, as page `index` of `document`. */
function newPage(document: DesignDocument, index: number, template: PrintTemplate, photo: Upload | null): DesignPage {
  const id = freshId(new Set(document.pages.map((page) => page.id)), "p");
  return { id, layout: "one", elements: layoutElements(document, index, "one", template, [photo], null) };
}

/**
 * A design given the pages its article needs: a book or a calendar gets its cover and its fewest inner pages, each
 * new one with one empty photo frame (a calendar's month pages above their grid); pages it has already are kept (an
 * older design of one page becomes the cover). Other products keep their one page.
 */
export function startingPages(document: DesignDocument, kind: string, template: PrintTemplate): DesignDocument {
  const rules = pageRules(kind);
  if (!rules.cover) return document;
  const blank = document.pages.length === 1 && document.pages[0]!.elements.length === 0;
  let next: DesignDocument = blank ? { ...document, pages: [] } : document;
  for (let index = next.pages.length; index < 1 + rules.minPages; index++) {
    const elements = layoutElements(next, index, "one", template, [null], null);
    const id = freshId(new Set(next.pages.map((page) => page.id)), "p");
    next = { ...next, pages: [...next.pages, { id: blank ? `p${index + 1}` : id, layout: "one", elements }] };
  }
  return next;
}

/** The pages shown side by side with page `index` (a book's spread of two inner pages), itself included. */
export function spreadOf(rules: PageRules, index: number): number[] {
  if (rules.step !== 2 || index < firstInner(rules)) return [index];
  const start = index - ((index - firstInner(rules)) % 2);
  return [start, start + 1];
}

export const canAddPages = (rules: PageRules, document: DesignDocument) =>
  rules.step < rules.maxPages && innerPages(rules, document) + rules.step <= rules.maxPages;
export const canRemovePages = (rules: PageRules, document: DesignDocument) =>
  rules.step < rules.maxPages && innerPages(rules, document) - rules.step >= rules.minPages;

/** A step of new pages after page `after`'s spread; `page` is the first new one. */
export function addPages(
  document: DesignDocument,
  rules: PageRules,
  after: number,
  template: PrintTemplate,
): { document: DesignDocument; page: number } {
  if (!canAddPages(rules, document)) return { document, page: after };
  const at = Math.max(firstInner(rules), (spreadOf(rules, after).at(-1) ?? after) + 1);
  let next = document;
  for (let offset = 0; offset < rules.step; offset++) {
    const page = newPage(next, at + offset, template, null);
    next = { ...next, pages: next.pages.toSpliced(at + offset, 0, page) };
  }
  return { document: next, page: at };
}

/** Page `index`'s spread (a step of pages) taken out; the cover stays. */
export function removePages(document: DesignDocument, rules: PageRules, index: number): DesignDocument {
  if (!canRemovePages(rules, document) || index < firstInner(rules)) return document;
  const start = spreadOf(rules, index)[0]!;
  return { ...document, pages: document.pages.toSpliced(start, rules.step) };
}

/** Page `from` moved to `to` (inner pages only: the cover stays first). */
export function movePage(document: DesignDocument, rules: PageRules, from: number, to: number): DesignDocument {
  const first = firstInner(rules);
  const last = document.pages.length - 1;
  if (from === to || from < first || to < first || from > last || to > last) return document;
  const page = document.pages[from]!;
  return { ...document, pages: document.pages.toSpliced(from, 1).toSpliced(to, 0, page) };
}

/**
 * The tray's photos not yet on any page, in the tray's order, into the empty frames page after page. When photos are
 * left over and the article allows more pages, pages of one photo are added at the end (a step at a time, up to the
 * most the article allows), each holding the next photo.
 */
export function autoFill(
  document: DesignDocument,
  uploads: Upload[],
  rules: PageRules,
  template: PrintTemplate,
): DesignDocument {
  const placed = new Set(
    allElements(document).flatMap((element) => (element.kind === "photo" && element.upload ? [element.upload.id] : [])),
  );
  const waiting = uploads.filter((upload) => !placed.has(upload.id));
  let next = mapPages(document, (elements) =>
    elements.some((element) => element.kind === "photo" && !element.upload) && waiting.length
      ? elements.map((element) =>
          element.kind === "photo" && !element.upload && waiting.length
            ? { ...element, upload: waiting.shift()!, zoom: 1, panX: 0, panY: 0 }
            : element,
        )
      : elements,
  );
  while (waiting.length && canAddPages(rules, next)) {
    for (let offset = 0; offset < rules.step; offset++) {
      const index = next.pages.length;
      next = { ...next, pages: [...next.pages, newPage(next, index, template, waiting.shift() ?? null)] };
    }
  }
  return next;
}

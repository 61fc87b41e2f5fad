import type { DesignDocument } from "./document";
import { pageRules, printedPages } from "./pages";
import { MIN_PRINT_DPI, outsideSafeArea, photoDpi } from "./quality";
import type { PrintTemplate } from "./templates";

/**
 * The checks a design passes before it goes to the cart (docs/decisions/0048), on the document and its photos' pixels
 * only (no PDF is made): as many pages as the product prints, every photo at `MIN_PRINT_DPI` or more at its placed
 * size, no text outside the safe area. Each problem names its page (1 for the first) and its element, so the refusal
 * can say "Page 3: the photo ... is 92 ppi". The print file's own checks come later (workers/print-files/preflight.ts).
 */
export type PreflightProblem =
  | { problem: "resolution"; page: number; element: string; dpi: number; minDpi: number }
  | { problem: "outsideSafeArea"; page: number; element: string }
  | { problem: "pageCount"; pages: number; min: number; max: number };

export function preflightDesign(document: DesignDocument, template: PrintTemplate): PreflightProblem[] {
  const problems: PreflightProblem[] = [];
  const pages = printedPages(document);
  const rules = pageRules(template.kind);
  const cover = rules.cover ? 1 : 0;
  // A design of one page is what every product had before pages: a single-page document stays valid (issue 26).
  if (pages.length > 1 && (pages.length < rules.minPages + cover || pages.length > rules.maxPages + cover))
    problems.push({
      problem: "pageCount",
      pages: pages.length,
      min: rules.minPages + cover,
      max: rules.maxPages + cover,
    });
  pages.forEach((page, index) => {
    for (const element of page.elements) {
      if (element.kind === "photo") {
        const dpi = photoDpi(element);
        if (dpi !== null && dpi < MIN_PRINT_DPI)
          problems.push({ problem: "resolution", page: index + 1, element: element.id, dpi, minDpi: MIN_PRINT_DPI });
      } else if (element.kind === "text" && element.text.trim() && outsideSafeArea(element, template))
        problems.push({ problem: "outsideSafeArea", page: index + 1, element: element.id });
    }
  });
  return problems;
}

import { dpiLevel } from "@contract/creator/quality";
import { bleedBox, type PrintTemplate } from "@contract/creator/templates";
import { PT_PER_MM } from "./draw";

/**
 * What the writer put in the file, page by page: its boxes, each image's effective resolution as placed (from the
 * pixels of the file it embedded, not the document's figures), and the fonts with their files. The preflight reads it
 * before the file is kept.
 */
export type LedgerPage = {
  number: number;
  media: number[];
  bleed: number[];
  trim: number[];
  images: { element: string; name: string; ppi: number }[];
};
export type Ledger = { pages: LedgerPage[]; fonts: { name: string; embedded: boolean }[] };

/** Half a point: boxes are written to four decimals, so anything more is a wrong size. */
const SLACK_PT = 0.5;

const size = (box: number[]) => [box[2]! - box[0]!, box[3]! - box[1]!] as const;

/**
 * The print file's checks: as many pages as the design prints, each page's trim box the template's finished size and
 * its bleed box the trim plus the bleed on every side, every font embedded, every photo at the product's minimum
 * effective resolution or above. Each problem names the page and the element; none means the file may be kept.
 */
export function preflight(ledger: Ledger, template: PrintTemplate, expectedPages: number): string[] {
  const problems: string[] = [];
  if (ledger.pages.length !== expectedPages)
    problems.push(`The file has ${ledger.pages.length} pages, the design ${expectedPages}`);
  const bleed = bleedBox(template);
  const wanted = {
    trim: [template.widthMm * PT_PER_MM, template.heightMm * PT_PER_MM],
    bleed: [bleed.width * PT_PER_MM, bleed.height * PT_PER_MM],
  };
  for (const page of ledger.pages) {
    for (const name of ["trim", "bleed"] as const) {
      const [width, height] = size(page[name]);
      if (Math.abs(width - wanted[name][0]!) > SLACK_PT || Math.abs(height - wanted[name][1]!) > SLACK_PT)
        problems.push(`Page ${page.number}: the ${name} box is ${width.toFixed(1)} x ${height.toFixed(1)} pt`);
    }
    for (const image of page.images)
      if (dpiLevel(Math.floor(image.ppi)) === "block")
        problems.push(`Page ${page.number}: the photo '${image.name}' is ${Math.floor(image.ppi)} ppi`);
  }
  for (const font of ledger.fonts) if (!font.embedded) problems.push(`The font ${font.name} is not embedded`);
  return problems;
}

import { evidenceShot } from "../harness.ts";
import { type Journey, shotPath } from "./journey.ts";
import { TOLERANCE, distance, madePrintFile, rasterisedPages, small } from "./print-file-steps.ts";

// A design of many pages against its print file (issue 26): before it goes to the cart, each page as the editor draws
// it (its page thumbnail, drawn larger); once bought, the ordered line's PDF made by the queue, every page's trim box
// rasterised with pdftoppm and compared with the editor's drawing of that page, page by page.

const thumbs = "[data-testid=page-strip] [data-testid=page-thumb] svg";
const HOLDER = "e2e-page-preview";
/** Each journey's pages as the editor drew them (PNG), in page order. */
const drawn = new WeakMap<Journey, Buffer[]>();

/**
 * Every page as the editor draws it: its thumbnail's own drawing (the same layers and grid as the stage) copied into a
 * holder 240 px wide and photographed. Empty frames are left out: the editor's grey placeholder is not printed.
 */
export async function editorPagePictures(j: Journey): Promise<string | void> {
  const { page } = j;
  const count = await page.locator(thumbs).count();
  if (count < 2) return `${count} page thumbnails to draw`;
  const pictures: Buffer[] = [];
  for (let index = 0; index < count; index++) {
    await page.evaluate(
      async ({ css, index, holderId }) => {
        const source = document.querySelectorAll(css)[index];
        if (!source) throw new Error(`no thumbnail ${index}`);
        document.getElementById(holderId)?.remove();
        const holder = document.createElement("div");
        holder.id = holderId;
        holder.style.cssText = "position:fixed;left:0;top:0;z-index:2147483647;width:240px;background:#fff";
        const copy = source.cloneNode(true) as SVGSVGElement;
        copy.removeAttribute("class");
        copy.style.cssText = "display:block;width:240px;height:auto";
        for (const empty of copy.querySelectorAll("[data-empty-frame]")) empty.remove();
        holder.append(copy);
        document.body.append(holder);
        const images = [...copy.querySelectorAll("image")].map((image) => {
          const loaded = new Image();
          loaded.src = image.href.baseVal;
          return loaded.decode().catch(() => undefined);
        });
        await Promise.all([...images, document.fonts.ready]);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      },
      { css: thumbs, index, holderId: HOLDER },
    );
    pictures.push(await page.locator(`#${HOLDER} svg`).screenshot());
  }
  await page.evaluate((holderId) => document.getElementById(holderId)?.remove(), HOLDER);
  drawn.set(j, pictures);
}

/**
 * The print file of the order's line of this design, once the queue has made it: as many PDF pages as the design has
 * (cover first), and each page's trim box within the tolerance of the editor's drawing of that page, and nearer to it
 * than to any page that looks different (so a page printed out of order, or another page's photo, is told).
 */
export async function printedPagesMatchEditor(j: Journey): Promise<string | void> {
  const { page } = j;
  const pictures = drawn.get(j);
  if (!pictures) return "the editor's pages were not drawn before the order";
  const order = (await page.locator("[data-testid=order-public-id]").innerText()).trim();
  await evidenceShot(j.h, page, shotPath(j, "pages-order-completed"));
  // Its line: the position of the design's row on the order (lines are numbered from 1 in the order's order).
  const rows = await page.locator("[data-testid=order-lines] > li").allInnerTexts();
  const line = rows.findIndex((row) => row.includes(j.designName)) + 1;
  if (line === 0) return `order ${order} does not list "${j.designName}"`;
  const made = await madePrintFile(j, order, line, 120_000);
  if (!made.bytes) return made.problem;
  const { count, pages, aspect } = rasterisedPages(made.bytes);
  if (count !== pictures.length || pages.length !== count)
    return `the print file has ${count} pages (${pages.length} rasterised), the design ${pictures.length}`;
  // In colour: neighbouring photos of the book differ more in hue than in grey.
  const printed = await Promise.all(pages.map((png) => small(png, aspect, 3)));
  const seen = await Promise.all(pictures.map((png) => small(png, aspect, 3)));
  const problems: string[] = [];
  let worst = 0;
  let nearestOther = Number.POSITIVE_INFINITY;
  for (const [index, print] of printed.entries()) {
    const own = distance(print, seen[index]!);
    worst = Math.max(worst, own);
    if (own > TOLERANCE) problems.push(`page ${index + 1} is ${own.toFixed(1)} levels from the editor's`);
    for (const [other, picture] of seen.entries()) {
      if (other === index || distance(picture, seen[index]!) <= 2 * TOLERANCE) continue;
      const apart = distance(print, picture);
      nearestOther = Math.min(nearestOther, apart);
      if (apart <= own) problems.push(`page ${index + 1} is printed nearer to page ${other + 1} than to itself`);
    }
  }
  j.h.log(
    `info  ${j.label} print file ${order}/${line}: ${count} pages, each at most ${worst.toFixed(1)} levels from ` +
      `the editor's drawing of it, at least ${nearestOther.toFixed(1)} from any other page's`,
  );
  return problems.slice(0, 5).join("; ");
}

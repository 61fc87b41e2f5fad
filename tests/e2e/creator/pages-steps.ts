import sharp from "sharp";
import { evidenceShot } from "../harness.ts";
import { STEP_MS, type Journey, assert, shotPath, editorPath, editorReady } from "./journey.ts";

// Products of many pages (issue 26): a photo book made from uploaded photos with auto-fill, a page moved, one page's
// layout changed, saved, reopened on its first page and added to the cart (bought and its print file checked in
// page-print-steps.ts); a calendar for next year in the brand's language.

const thumbs = "[data-testid=page-strip] [data-testid=page-thumb]";
/** What the calendar should say, worked out here with Intl on its own (not with the code under test). */
const monthName = (locale: string, month: number) => {
  const name = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(
    Date.UTC(2024, month - 1, 15),
  );
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
};
/** 1 January 2024 was a Monday, 7 January a Sunday. */
const firstWeekday = (locale: string, sunday: boolean) =>
  new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(Date.UTC(2024, 0, sunday ? 7 : 1));
const pageIds = (j: Journey) =>
  j.page.locator(`${thumbs} svg`).evaluateAll((list) => list.map((svg) => svg.getAttribute("data-page-thumbnail")));

/** Small photos of different colours (each a JPEG of a gradient, a few KB), so each page shows which one it holds. */
export async function bookPhotos(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const hue = Math.round((index * 360) / count);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><defs><linearGradient id="g">
        <stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},70%,70%)"/>
        </linearGradient></defs><rect width="1200" height="1200" fill="url(#g)"/></svg>`;
      const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
      return { name: `book-${String(index + 1).padStart(2, "0")}.jpg`, mimeType: "image/jpeg", buffer };
    }),
  );
}

/** The book opens with a cover and 24 inner pages; 30 photos go up to the tray, and auto-fill places them in order. */
export async function bookAutoFill(j: Journey): Promise<string | void> {
  const { page } = j;
  const problems: string[] = [];
  await page.goto(editorPath(j), { waitUntil: "load" });
  await editorReady(j);
  await page.locator(thumbs).first().waitFor({ state: "visible", timeout: STEP_MS });
  const opened = await page.locator(thumbs).count();
  if (opened !== 25) problems.push(`${opened} pages at the start, expected a cover and 24`);
  await page.locator("[data-testid=tab-photos]").click();
  await page.locator("[data-testid=photo-input]").setInputFiles(await bookPhotos(30));
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=photo-tray] img").length === 30, null, {
    timeout: 120_000,
  });
  await page.locator("[data-testid=auto-fill]").click();
  // 25 frames take 25 photos; the other 5 need three more leaves (six pages), the last one left empty.
  await page.waitForFunction((css) => document.querySelectorAll(css).length === 31, thumbs, { timeout: STEP_MS });
  const stagePhoto = await page.locator("[data-testid=print-area] [data-kind=photo] image").count();
  if (stagePhoto !== 1) problems.push(`the cover shows ${stagePhoto} photos, expected 1`);
  const filled = await page.locator(`${thumbs} [data-kind=photo] image`).count();
  if (filled !== 30) problems.push(`${filled} photos on the page thumbnails, expected 30`);
  if ((await page.locator("[data-testid=auto-fill]").isEnabled()) === true)
    problems.push("auto-fill is still offered with every photo placed");
  await evidenceShot(j.h, page, shotPath(j, "pages-1-filled"));
  return problems.join("; ");
}

/** Page 3 moved one later with the keyboard's button and back by dragging; page 5 laid out with four photos. */
export async function bookReorderAndLayout(j: Journey): Promise<string | void> {
  const { page } = j;
  const problems: string[] = [];
  const before = await pageIds(j);
  await page.locator(`${thumbs}[data-page="3"]`).click();
  await page.locator("[data-testid=page-later]").click();
  const after = await pageIds(j);
  if (after[3] !== before[4] || after[4] !== before[3])
    problems.push(`moving page 3 later gave ${after.slice(2, 6).join(",")} from ${before.slice(2, 6).join(",")}`);
  if ((await page.locator(`${thumbs}[aria-current=page]`).getAttribute("data-page")) !== "4")
    problems.push("the moved page is not the one shown");
  await page.locator(`${thumbs}[data-page="4"]`).dragTo(page.locator(`${thumbs}[data-page="3"]`));
  const dragged = await pageIds(j);
  if (dragged[3] !== before[3]) problems.push(`dragging the page back gave ${dragged.slice(2, 6).join(",")}`);
  await page.locator(`${thumbs}[data-page="5"]`).click();
  await page.locator("[data-testid=layout-four]").click();
  const frames = await page.locator("[data-testid=print-area] [data-kind=photo]").count();
  if (frames !== 4) problems.push(`page 5 has ${frames} frames after choosing four photos`);
  const shown = await page.locator("[data-testid=print-area] [data-kind=photo] image").count();
  if (shown !== 1) problems.push(`page 5 shows ${shown} photos, expected its one photo kept`);
  await page.locator("[data-testid=undo]").click();
  if ((await page.locator("[data-testid=print-area] [data-kind=photo]").count()) !== 1)
    problems.push("undo did not bring back the page's one frame");
  await page.locator("[data-testid=redo]").click();
  await evidenceShot(j.h, page, shotPath(j, "pages-2-layout"), { fullPage: false });
  return problems.join("; ");
}

/** Saved; opened again from its address, on its first page with every page. */
export async function bookSaveReopen(j: Journey): Promise<string | void> {
  const { page, t } = j;
  const problems: string[] = [];
  const ids = await pageIds(j);
  await page.locator("[data-testid=save-panel] input").first().fill(j.designName);
  await page.locator("[data-testid=save-design]").click();
  await page.locator("[data-testid=saved]").waitFor({ state: "visible", timeout: STEP_MS });
  const url = page.url();
  assert(/[?&]design=cd_[A-Za-z0-9]{20}/.test(url), `the URL does not name the design: ${url}`);
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(url, { waitUntil: "load" });
  await editorReady(j);
  await page.locator(thumbs).first().waitFor({ state: "visible", timeout: STEP_MS });
  if (JSON.stringify(await pageIds(j)) !== JSON.stringify(ids)) problems.push("the reopened design's pages differ");
  if ((await page.locator(`${thumbs}[aria-current=page]`).getAttribute("data-page")) !== "0")
    problems.push("the reopened design is not on its first page");
  const position = await page.locator("[data-testid=page-position]").innerText();
  if (!position.startsWith(t("creator.pages.cover"))) problems.push(`the stage shows "${position}", not the cover`);
  return problems.join("; ");
}

/** To the cart past the empty-frame warning, which names the last page (the one auto-fill left empty). */
export async function bookToCart(j: Journey): Promise<string | void> {
  const { page, t } = j;
  const problems: string[] = [];
  const ids = await pageIds(j);
  await page.locator("[data-testid=creator-add-to-cart]").click();
  const warning = page.locator("[data-testid=empty-frames]");
  await warning.waitFor({ state: "visible", timeout: STEP_MS });
  const last = ids.length > 0 ? t("creator.pages.page", { number: ids.length - 1 }) : "";
  if (!(await warning.innerText()).includes(last)) problems.push(`the warning does not name ${last}`);
  await evidenceShot(j.h, page, shotPath(j, "pages-3-empty-frames"), { fullPage: false });
  await Promise.all([
    page.waitForURL((next) => next.pathname.endsWith("/cart"), { timeout: 90_000 }),
    page.locator("[data-testid=empty-frames-confirm]").click(),
  ]);
  const line = await page.locator("[data-testid=line-design-name]").first().innerText();
  if (!line.includes(j.designName)) problems.push(`the cart line names "${line}", not "${j.designName}"`);
  await evidenceShot(j.h, page, shotPath(j, "pages-4-cart"));
  return problems.join("; ");
}

/**
 * A calendar for next year: its months named in the brand's language on the pages and on the grid, the week starting
 * on the country's first day; on a phone, "Upload photos" right under the stage.
 */
export async function calendarNextYear(j: Journey, tag: string): Promise<string | void> {
  const { page, plan } = j;
  const problems: string[] = [];
  await page.goto(editorPath(j), { waitUntil: "load" });
  await editorReady(j);
  const next = new Date().getFullYear() + 1;
  await page.locator("[data-testid=calendar-year]").selectOption(String(next));
  const count = await page.locator(thumbs).count();
  if (count !== 13) problems.push(`${count} pages, expected a cover and 12 months`);
  await page.locator(`${thumbs}[data-page="1"]`).click();
  const locale = `${plan.locale}-${tag}`;
  const title = `${monthName(locale, 1)} ${next}`;
  const grid = page.locator("[data-testid=print-area] [data-calendar-grid] text");
  await grid.first().waitFor({ state: "attached", timeout: STEP_MS });
  const texts = await grid.allTextContents();
  if (!texts.some((text) => text.includes(title))) problems.push(`the grid has no "${title}": ${texts[0]}`);
  const firstDay = firstWeekday(locale, tag === "PT");
  if (!texts.some((text) => text.startsWith(firstDay))) problems.push(`no column starts with "${firstDay}"`);
  const label = (await page.locator(`${thumbs}[data-page="12"] > span`).innerText()).trim();
  if (label !== `${monthName(locale, 12)} ${next}`) problems.push(`the last page is called "${label}"`);
  if (plan.viewport === "phone") {
    const stage = await page.locator("[data-testid=print-area]").boundingBox();
    const upload = await page.locator("[data-testid=phone-upload] label").boundingBox();
    if (!stage || !upload || upload.y - (stage.y + stage.height) > 120)
      problems.push(
        `"Upload photos" is ${upload && stage ? Math.round(upload.y - stage.y - stage.height) : "?"} px under the stage`,
      );
  }
  await evidenceShot(j.h, page, shotPath(j, "pages-calendar"), { fullPage: false });
  return problems.join("; ");
}

/** Thirteen photos up to the tray; auto-fill places them on the cover and the twelve months, leaving no frame empty. */
export async function calendarAutoFill(j: Journey): Promise<string | void> {
  const { page } = j;
  await page.locator("[data-testid=tab-photos]").click();
  await page.locator("[data-testid=photo-input]").setInputFiles(await bookPhotos(13));
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=photo-tray] img").length === 13, null, {
    timeout: 120_000,
  });
  await page.locator("[data-testid=auto-fill]").click();
  const placed = `${thumbs} [data-kind=photo] image`;
  await page.waitForFunction((css) => document.querySelectorAll(css).length === 13, placed, { timeout: STEP_MS });
  const count = await page.locator(thumbs).count();
  if (count !== 13) return `${count} pages after auto-fill, expected the cover and 12 months`;
}

/** Named and added to the cart with no warning (every frame holds a photo); the cart line names it. */
export async function calendarToCart(j: Journey): Promise<string | void> {
  const { page } = j;
  await page.locator("[data-testid=save-panel] input").first().fill(j.designName);
  await Promise.all([
    page.waitForURL((next) => next.pathname.endsWith("/cart"), { timeout: 90_000 }),
    page.locator("[data-testid=creator-add-to-cart]").click(),
  ]);
  const line = await page.locator("[data-testid=line-design-name]").first().innerText();
  if (!line.includes(j.designName)) return `the cart line names "${line}", not "${j.designName}"`;
}

// Creator journeys (issue 9), as a shopper does them, on a phone and a desktop in three brands of different languages:
// open /create/<an article the brand sells>, see the print area painted by the server, the editor arrive; upload two
// photos at once (made here with sharp) through a throttled connection so each shows a real progress bar; both are
// placed; the tiny one is flagged as too low resolution; add a text and type in place; undo and redo; reload and find
// the work again (the device's draft); the product preview; screenshots; axe.
// Imported by run.ts; E2E_ONLY=creator runs just this part.
// Then: save (the URL names the design), add to the cart (the checks pass, the preview is uploaded; the cart line shows
// it), sign in as the brand's demo customer (the design and the cart follow), pay in the sandbox, and find the
// preview on order completed and tracking, and the design in /accounts/designs.

import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { translator } from "./buying/journey.ts";
import { axeProblems } from "./axe.ts";
import { errorsSince, inPool, message, part, type Harness, type Part } from "./harness.ts";
import { type Plan, type Journey, shotPath } from "./creator/journey.ts";
import {
  opens,
  sizeRecoversNothing,
  uploadsTwo,
  lowDpi,
  twoFingers,
  textAndUndo,
  reloadRestores,
  previewAndDelete,
} from "./creator/editor-steps.ts";
import { saveAndOrder, buy, orderShowsDesign } from "./creator/order-steps.ts";
import { pagesParts } from "./creator/pages-journey.ts";
import {
  opensPhotoPrint,
  bigPhotoSentSmaller,
  orientedPhotoUpright,
  pdfRefused,
  heicPlaced,
} from "./creator/phone-photo-steps.ts";
import { printFileMatchesPreview } from "./creator/print-file-steps.ts";

/** Articles each brand sells (migrations/store/0001_seed.sql): a poster, a canvas, a mug. */
const PLANS: Plan[] = [
  {
    slug: "WPX-PL",
    locale: "pl",
    prefix: "",
    articleId: 106,
    viewport: "phone",
    axe: true,
    address: { street: "ul. Marszałkowska 10", postcode: "00-950", city: "Warszawa" },
  },
  {
    slug: "WPX-FR",
    locale: "fr",
    prefix: "",
    articleId: 502,
    viewport: "desktop",
    axe: true,
    address: { street: "12 rue de Rivoli", postcode: "75001", city: "Paris" },
  },
  {
    slug: "TZ-ES",
    locale: "es",
    prefix: "",
    articleId: 602,
    viewport: "desktop",
    axe: false,
    address: { street: "Gran Vía, 30", postcode: "28013", city: "Madrid" },
  },
  {
    slug: "WPX-DK",
    locale: "en",
    prefix: "/en",
    articleId: 406,
    viewport: "phone",
    axe: false,
    address: { street: "Bredgade 10", postcode: "1050", city: "København K" },
  },
];

type Step = { name: string; run: (j: Journey) => Promise<string | void>; axe?: boolean; only?: Plan["viewport"] };
const STEPS: Step[] = [
  { name: "opens: the server paints the print area, then the editor arrives", run: opens, axe: true },
  { name: "a size chosen on a first visit: nothing said to be recovered, nothing kept", run: sizeRecoversNothing },
  { name: "uploads two photos at once, each with a progress bar; both are placed", run: uploadsTwo },
  { name: "the tiny photo is flagged: badge, selection and summary; ordering blocked", run: lowDpi, axe: true },
  { name: "two fingers pinch and turn a photo as one gesture, undone in one step", run: twoFingers, only: "phone" },
  { name: "adds a text typed in place; undo and redo (buttons, Ctrl+Z, Ctrl+Y)", run: textAndUndo },
  { name: "a reload restores the work from the device", run: reloadRestores },
  { name: "preview on product; Delete removes the tiny photo and unblocks ordering", run: previewAndDelete, axe: true },
  { name: "saved under its name; added to the cart, whose line shows the design's preview", run: saveAndOrder },
  { name: "signed in, checked out and paid in the sandbox", run: buy },
  {
    name: "the line's print file, made on the server, looks like the preview (pdftoppm)",
    run: printFileMatchesPreview,
  },
  {
    name: "the preview on order completed and tracking; the design in /accounts/designs",
    run: orderShowsDesign,
    axe: true,
  },
];

/** Phone photos (issue 26) on a photo print: E2E_ONLY=creator E2E_CREATOR=phone-photos runs only this plan. */
const PHONE_PHOTOS: Plan = {
  slug: "WPX-ES",
  locale: "es",
  prefix: "",
  articleId: 201,
  viewport: "desktop",
  axe: false,
  address: { street: "Gran Vía, 30", postcode: "28013", city: "Madrid" },
};
const PHONE_PHOTO_STEPS: Step[] = [
  { name: "opens a photo print's creator", run: opensPhotoPrint },
  { name: "a 12-megapixel photo stored on its side is sent smaller and upright", run: bigPhotoSentSmaller },
  {
    name: "a JPEG of EXIF orientation 6 shows upright",
    run: orientedPhotoUpright("orientation-6.jpg", { kind: "jpeg", orientation: 6 }),
  },
  {
    name: "a PNG of EXIF orientation 6 (eXIf) is sent as it is and shows upright",
    run: orientedPhotoUpright("orientation-6.png", { kind: "png", orientation: 6 }),
  },
  {
    name: "a WebP of EXIF orientation 8, which Chromium does not turn, is turned in the page and shows upright",
    run: orientedPhotoUpright("orientation-8.webp", { kind: "jpeg", orientation: 1 }),
  },
  { name: "a PDF is refused on its row, with the reason, and never sent", run: pdfRefused },
  { name: "a HEIC is decoded in Chromium, sent as a JPEG and placed", run: heicPlaced },
];

async function runPlan(h: Part, browser: Browser, port: number, plan: Plan, steps = STEPS) {
  const label = `[${plan.slug}${plan.prefix} ${plan.viewport} creator]`;
  const started = Date.now();
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({
      viewport: h.viewports[plan.viewport],
      locale: "en-US",
      hasTouch: plan.viewport === "phone",
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const j: Journey = {
      h,
      page,
      plan,
      label,
      origin: `http://${plan.slug.toLowerCase()}.localhost:${port}`,
      t: translator(plan.locale),
      errors: h.trackErrors(page),
      designName: `E2E ${plan.slug} ${Date.now().toString(36)}`,
    };
    for (const [index, step] of steps.filter((step) => !step.only || step.only === plan.viewport).entries()) {
      let stuck = false;
      const ok = await h.check(`${label} ${index + 1} ${step.name}`, async () => {
        try {
          return await step.run(j);
        } catch (error) {
          stuck = true;
          throw error;
        }
      });
      if (!ok) await page.screenshot({ path: shotPath(j, `${index + 1}-failed`) }).catch(() => undefined);
      if (stuck) break;
      if (plan.axe && step.axe)
        await h.check(`${label} axe after step ${index + 1}: no serious/critical violations`, () =>
          axeProblems(h, page, `${label} step ${index + 1}`),
        );
    }
    await h.check(`${label} no console/page errors`, () => {
      const list = errorsSince(j.errors, 0);
      if (list.length) return `${list.length}: ${list.slice(0, 3).join(" | ")}`;
    });
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context?.close().catch(() => undefined);
    h.log(`info  ${label} took ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
}

/** The creator's journeys; `onlyPages`: just those of products of many pages (E2E_ONLY=creator-pages). */
export async function runCreator(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
  onlyPages = false,
) {
  for (const file of readdirSync(h.screenshots).filter((name) => name.startsWith("creator-")))
    rmSync(join(h.screenshots, file));
  const phoneOnly = process.env.E2E_CREATOR === "phone-photos";
  const plans: [Plan, Step[]][] = onlyPages
    ? []
    : [...(phoneOnly ? [] : PLANS.map((plan): [Plan, Step[]] => [plan, STEPS])), [PHONE_PHOTOS, PHONE_PHOTO_STEPS]];
  const parts = plans.map(([plan, steps]) => {
    const { p, flush } = part(h);
    return { run: () => runPlan(p, browser, port, plan, steps), flush };
  });
  await inPool([...parts, ...(phoneOnly ? [] : pagesParts(h, browser, port))], 2, printAfter, 1);
}

// Creator journeys (issue 9), as a shopper does them, on a phone and a desktop in three brands of different languages:
// open /create/<an article the brand sells>, see the print area painted by the server, the editor arrive; upload two
// photos at once (made here with sharp) through a throttled connection so each shows a real progress bar; both are
// placed; the tiny one is flagged as too low resolution; add a text and type in place; undo and redo; reload and find
// the work again (the device's draft); the product preview; screenshots; axe.
// Imported by run.ts; E2E_ONLY=creator runs just this part.
// Then: save (the URL names the design), add to the cart (the print file rendered and uploaded; the cart line shows the
// preview), sign in as the brand's demo customer (the design and the cart follow), pay in the sandbox, and find the
// preview on order completed and tracking, and the design in /accounts/designs.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { DEMO_PASSWORD, demoEmail } from "./accounts/journey.ts";
import { translator } from "./buying/journey.ts";
import { axeProblems } from "./axe.ts";
import { errorsSince, evidenceShot, hydrated, inPool, message, part, type Harness, type Part } from "./catalogue.ts";

const STEP_MS = 20_000;

type Address = { street: string; postcode: string; city: string };
type Plan = {
  slug: string;
  locale: string;
  prefix: string;
  articleId: number;
  viewport: "phone" | "desktop";
  axe: boolean;
  address: Address;
};
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
    articleId: 404,
    viewport: "phone",
    axe: false,
    address: { street: "Bredgade 10", postcode: "1050", city: "København K" },
  },
];

type Journey = {
  h: Part;
  page: Page;
  plan: Plan;
  label: string;
  origin: string;
  t: ReturnType<typeof translator>;
  errors: string[];
  designName: string;
};

function assert(condition: unknown, text: string): asserts condition {
  if (!condition) throw new Error(text);
}

const shotPath = (j: Journey, step: string) =>
  join(j.h.screenshots, `creator-${j.plan.slug.toLowerCase()}-${j.plan.viewport}-${step}.png`);

/** A photo of noise (so it does not compress away: the upload takes long enough to watch) and a tiny one. */
async function samplePhotos() {
  const noise = (width: number, height: number) => {
    const bytes = Buffer.alloc(width * height * 3);
    for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 7919 + ((index / 3) | 0) * 104729) % 251;
    return sharp(bytes, { raw: { width, height, channels: 3 } });
  };
  const big = await noise(1600, 1200).jpeg({ quality: 92 }).toBuffer();
  const tiny = await noise(120, 90).png().toBuffer();
  return [
    { name: "holiday.jpg", mimeType: "image/jpeg", buffer: big },
    { name: "tiny.png", mimeType: "image/png", buffer: tiny },
  ];
}

const editorPath = (j: Journey) => `${j.origin}${j.plan.prefix}/create/${j.plan.articleId}`;

async function editorReady(j: Journey) {
  await j.page.locator("[data-testid=creator-toolbar]").waitFor({ state: "visible", timeout: STEP_MS });
  await hydrated(j.page, "[data-testid=undo]").catch(() => undefined);
}

/** Server paint first (print area and skeleton, with JavaScript's editor not yet there), then the editor. */
async function opens(j: Journey): Promise<string | void> {
  const problems: string[] = [];
  const response = await j.page.goto(editorPath(j), { waitUntil: "commit" });
  assert(response?.status() === 200, `status ${response?.status()}`);
  const html = await response.text();
  if (!html.includes('data-testid="print-area"')) problems.push("the server's HTML has no print area");
  if (!html.includes('data-guide="trim"') || !html.includes('data-guide="safe"'))
    problems.push("the server's print area has no trim or safe lines");
  if (!html.includes(j.t("creator.loading"))) problems.push("the server's HTML has no editor placeholder");
  await editorReady(j);
  const heading = (await j.page.locator("h1").innerText()).trim();
  if (!heading.startsWith(j.t("creator.heading", { product: "" }).trim().replace(/:$/, "")))
    problems.push(`heading "${heading}" is not translated`);
  await evidenceShot(j.h, j.page, shotPath(j, "1-opened"));
  return problems.join("; ");
}

/** Two photos at once through a slow connection: each shows a progress bar that moves; both end in the design. */
async function uploadsTwo(j: Journey): Promise<string | void> {
  const { page } = j;
  const problems: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: 4_000_000,
    uploadThroughput: 400_000,
  });
  try {
    await page.locator("[data-testid=tab-photos]").click();
    await page.locator("[data-testid=photo-input]").setInputFiles(await samplePhotos());
    const bar = page.locator("[data-testid=upload-progress]").first();
    await bar.waitFor({ state: "visible", timeout: STEP_MS });
    const moving = await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLProgressElement>("[data-testid=upload-progress]")].some(
            (item) => item.value > 0 && item.value < item.max,
          ),
        null,
        { timeout: STEP_MS },
      )
      .then(
        () => true,
        () => false,
      );
    if (!moving) problems.push("no progress bar between 0 and 100 %");
    await evidenceShot(j.h, page, shotPath(j, "2-uploading"), { fullPage: false });
    await page.waitForFunction(
      () => document.querySelectorAll("[data-testid=transfers] [data-state=done]").length === 2,
      null,
      { timeout: 60_000 },
    );
  } finally {
    await cdp
      .send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      })
      .catch(() => undefined);
  }
  await page.waitForFunction(
    () => document.querySelectorAll("[data-testid=print-area] [data-kind=photo] image").length === 2,
    null,
    { timeout: STEP_MS },
  );
  const tray = await page.locator("[data-testid=photo-tray] img").count();
  if (tray !== 2) problems.push(`${tray} photos in the tray, expected 2`);
  return problems.join("; ");
}

/** The tiny photo in a big frame: its badge, the selection and the summary say its DPI is too low; ordering is blocked. */
async function lowDpi(j: Journey): Promise<string | void> {
  const { page, t } = j;
  const problems: string[] = [];
  const block = page.locator("[data-testid=quality-block]");
  await block.waitFor({ state: "visible", timeout: STEP_MS });
  const said = (await block.innerText()).trim();
  const expected = t("creator.quality.blocking", { photos: "__" }).split("__")[0]!;
  if (!said.startsWith(expected)) problems.push(`the summary says "${said}", expected it to start with "${expected}"`);
  if ((await page.locator("[data-dpi-badge=block]").count()) < 1) problems.push("no blocking DPI badge on the stage");
  // The layers list marks the layer to check: selecting it shows its DPI.
  await page.locator("[data-testid=tab-layers]").click();
  await flaggedLayer(j).click();
  const note = page.locator("[data-testid=selected-dpi]");
  await note.waitFor({ state: "visible", timeout: STEP_MS });
  if ((await note.getAttribute("data-level")) !== "block")
    problems.push(`the selection's DPI note is "${await note.getAttribute("data-level")}"`);
  if (!(await page.locator("[data-testid=creator-add-to-cart]").isDisabled()))
    problems.push("add to cart is not disabled");
  await evidenceShot(j.h, page, shotPath(j, "3-low-dpi"));
  return problems.join("; ");
}

/** The distance between two opposite corner handles of the selection (its diagonal, whatever its turn), and its turn. */
async function selectionShape(page: Page) {
  return page.evaluate(() => {
    const centre = (name: string) => {
      const box = document.querySelector(`[data-selection] [data-handle=${name}]`)!.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const [a, b] = [centre("nw"), centre("se")];
    const turn = /rotate\(([-\d.]+)\)/.exec(
      document.querySelector("[data-selection]")!.getAttribute("transform") ?? "",
    )?.[1];
    return { diagonal: Math.hypot(b.x - a.x, b.y - a.y), turn: Number(turn ?? 0) };
  });
}

/** Two fingers (a phone's touch screen) on the good photo pinch it smaller and turn it by 30°, as one gesture; one undo restores it. */
async function twoFingers(j: Journey): Promise<string | void> {
  const { page } = j;
  const problems: string[] = [];
  await page
    .locator("[data-testid=layer-list] button")
    .filter({ hasNotText: j.t("creator.layers.check") })
    .first()
    .click();
  const selection = page.locator("[data-selection]");
  await selection.waitFor({ state: "attached", timeout: STEP_MS });
  await selection.scrollIntoViewIfNeeded();
  const before = await selectionShape(page);
  const box = (await selection.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const fingers = (spread: number, degrees: number) => {
    const radians = (degrees * Math.PI) / 180;
    const dx = spread * Math.cos(radians);
    const dy = spread * Math.sin(radians);
    return [
      { x: centre.x - dx, y: centre.y - dy, id: 1 },
      { x: centre.x + dx, y: centre.y + dy, id: 2 },
    ];
  };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(50, 0) });
  for (let step = 1; step <= 6; step++)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(50 - step * 5, step * 5) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await page.waitForTimeout(200);
  const after = await selectionShape(page);
  const scale = after.diagonal / before.diagonal;
  if (Math.abs(scale - 0.4) > 0.1)
    problems.push(`the pinch scaled the photo by ${scale.toFixed(2)}, expected about 0.40`);
  if (Math.abs(after.turn - before.turn - 30) > 5)
    problems.push(`the fingers turned it by ${(after.turn - before.turn).toFixed(1)}°, expected 30°`);
  await evidenceShot(j.h, page, shotPath(j, "3b-pinched"));
  await page.locator("[data-testid=undo]").click();
  const undone = await selectionShape(page);
  if (Math.abs(undone.diagonal - before.diagonal) > 2 || Math.abs(undone.turn - before.turn) > 0.5)
    problems.push("one undo did not restore the photo as it was before the gesture");
  return problems.join("; ");
}

function flaggedLayer(j: Journey) {
  return j.page
    .locator("[data-testid=layer-list] button")
    .filter({ hasText: j.t("creator.layers.check") })
    .first();
}

async function stageTexts(page: Page) {
  return page.locator("[data-testid=print-area] [data-kind=text]").allTextContents();
}

/** A text typed in place, then undone (one step for the whole word) and redone, with the buttons and the keyboard. */
async function textAndUndo(j: Journey): Promise<string | void> {
  const { page, t } = j;
  const problems: string[] = [];
  await page.locator("[data-testid=tab-text]").click();
  await page.locator("[data-testid=add-text]").click();
  const inPlace = page.locator("[data-testid=text-in-place]");
  await inPlace.waitFor({ state: "visible", timeout: STEP_MS });
  await inPlace.fill("");
  await inPlace.pressSequentially("Żółć 2026", { delay: 15 });
  await page.keyboard.press("Escape");
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-testid=print-area] [data-kind=text]")].some((node) =>
        node.textContent?.includes("Żółć 2026"),
      ),
    null,
    { timeout: STEP_MS },
  );
  await evidenceShot(j.h, page, shotPath(j, "4-text"));
  await page.locator("[data-testid=undo]").click();
  let texts = await stageTexts(page);
  if (texts.some((text) => text.includes("Żółć")))
    problems.push(`after undo the text is still ${JSON.stringify(texts)}`);
  await page.locator("[data-testid=undo]").click();
  texts = await stageTexts(page);
  if (texts.length !== 0 && !texts.every((text) => text.trim() === ""))
    problems.push(`two undos should remove the added text: ${JSON.stringify(texts)}`);
  await page.locator("[data-testid=redo]").click();
  await page.locator("[data-testid=redo]").click();
  texts = await stageTexts(page);
  if (!texts.some((text) => text.includes("Żółć 2026")))
    problems.push(`redo did not bring the text back: ${JSON.stringify(texts)}`);
  // The keyboard: with focus outside any field, Ctrl+Z undoes and Ctrl+Y redoes.
  await page.locator("h1").click();
  await page.keyboard.press("Control+z");
  if ((await stageTexts(page)).some((text) => text.includes("Żółć"))) problems.push("Ctrl+Z did not undo");
  await page.keyboard.press("Control+y");
  if (!(await stageTexts(page)).some((text) => text.includes("Żółć 2026"))) problems.push("Ctrl+Y did not redo");
  if (!t("creator.text.placeholder")) problems.push("no placeholder translation");
  return problems.join("; ");
}

/** A reload (or a crash) loses nothing: the device's draft comes back with both photos and the text. */
async function reloadRestores(j: Journey): Promise<string | void> {
  const { page } = j;
  const problems: string[] = [];
  await page.locator("[data-testid=device-draft][data-kept=true]").waitFor({ state: "attached", timeout: STEP_MS });
  await page.waitForTimeout(400);
  await page.reload({ waitUntil: "load" });
  await editorReady(j);
  await page.locator("[data-testid=draft-restored]").waitFor({ state: "visible", timeout: STEP_MS });
  const photos = await page.locator("[data-testid=print-area] [data-kind=photo] image").count();
  if (photos !== 2) problems.push(`${photos} photos after the reload, expected 2`);
  if (!(await stageTexts(page)).some((text) => text.includes("Żółć 2026")))
    problems.push("the text is gone after the reload");
  await page
    .locator("[data-testid=quality-block]")
    .waitFor({ state: "visible", timeout: STEP_MS })
    .catch(() => problems.push("the low-DPI message is gone after the reload"));
  await evidenceShot(j.h, page, shotPath(j, "5-restored"));
  return problems.join("; ");
}

/** The product preview (mock-up), and back; a tiny photo removed with Delete unblocks ordering. */
async function previewAndDelete(j: Journey): Promise<string | void> {
  const { page } = j;
  const problems: string[] = [];
  await page.locator("[data-testid=preview-toggle]").click();
  const preview = page.locator("[data-testid=product-preview]");
  await preview.waitFor({ state: "visible", timeout: STEP_MS });
  if ((await preview.locator("[data-kind=photo]").count()) < 2)
    problems.push("the product preview does not show the photos");
  await evidenceShot(j.h, page, shotPath(j, "6-preview"));
  await page.locator("[data-testid=preview-toggle]").click();
  await page.locator("[data-testid=tab-layers]").click();
  await flaggedLayer(j).click();
  // Delete acts on the selection when no field has the focus.
  await page.locator("h1").click();
  await page.keyboard.press("Delete");
  await page
    .locator("[data-testid=quality-block]")
    .waitFor({ state: "detached", timeout: STEP_MS })
    .catch(() => problems.push("the low-DPI message stayed after removing the photo"));
  if (await page.locator("[data-testid=creator-add-to-cart]").isDisabled()) problems.push("add to cart stays disabled");
  await evidenceShot(j.h, page, shotPath(j, "7-ready"));
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth) problems.push(`page is ${scrollWidth}px wide in a ${clientWidth}px viewport`);
  return problems.join("; ");
}

/** Whether every picture matching `selector` has loaded (a broken or refused image has no natural width). */
async function imagesLoaded(page: Page, selector: string) {
  const images = page.locator(selector);
  await images.first().waitFor({ state: "visible", timeout: STEP_MS });
  await page
    .waitForFunction(
      (css) => [...document.querySelectorAll<HTMLImageElement>(css)].every((image) => image.complete),
      selector,
      { timeout: STEP_MS },
    )
    .catch(() => undefined);
  return images.evaluateAll((list) => list.every((image) => (image as HTMLImageElement).naturalWidth > 0));
}

/** Saved under its name (the URL then names the design); added to the cart: the print file is made and uploaded, and the cart shows the design's preview. */
async function saveAndOrder(j: Journey): Promise<string | void> {
  const { page } = j;
  const problems: string[] = [];
  await page.locator("[data-testid=save-panel] input").first().fill(j.designName);
  await page.locator("[data-testid=save-design]").click();
  await page.locator("[data-testid=saved]").waitFor({ state: "visible", timeout: STEP_MS });
  if (!/[?&]design=cd_[A-Za-z0-9]{20}/.test(page.url()))
    problems.push(`the URL does not name the design: ${page.url()}`);
  await Promise.all([
    page.waitForURL((url) => url.pathname.endsWith("/cart"), { timeout: 60_000 }),
    page.locator("[data-testid=creator-add-to-cart]").click(),
  ]);
  if (!(await imagesLoaded(page, "[data-testid=line-design-preview]")))
    problems.push("the cart line's design preview does not load");
  const line = await page.locator("[data-testid=line-design-name]").first().innerText();
  if (!line.includes(j.designName)) problems.push(`the cart line names "${line}", not the design "${j.designName}"`);
  await evidenceShot(j.h, page, shotPath(j, "8-cart"));
  return problems.join("; ");
}

/** Signs in as the brand's demo customer (the guest's design and cart follow), checks out with home delivery and pays in the sandbox. */
async function buy(j: Journey): Promise<string | void> {
  const { page, plan } = j;
  const at = (path: string) => `${j.origin}${plan.prefix}${path}`;
  await page.goto(at("/login"), { waitUntil: "load" });
  await hydrated(page, "#signin-email").catch(() => undefined);
  await page.locator("#signin-email").fill(demoEmail("customer", plan));
  await page.locator("#signin-password").fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: STEP_MS }),
    page
      .locator("form")
      .filter({ has: page.locator("#signin-email") })
      .locator("button[type=submit]")
      .first()
      .click(),
  ]);
  await page.goto(at("/checkout"), { waitUntil: "load" });
  // The demo customer's profile fills contact and address; delivery to the address; the card, paid in the sandbox.
  for (const step of [1, 2, 3, 4]) {
    await page.waitForURL(
      (url) => url.pathname.endsWith("/checkout") && (url.searchParams.get("step") ?? "1") === String(step),
      { timeout: STEP_MS },
    );
    await page
      .locator("main section form[method=post] button[type=submit]")
      .last()
      .waitFor({ state: "visible", timeout: STEP_MS });
    await hydrated(page, "main section form[method=post] button[type=submit]").catch(() => undefined);
    if (step === 1 && !(await page.locator("#checkout-phone").inputValue()))
      await page.locator("#checkout-phone").fill("600123456");
    if (step === 2 && !(await page.locator("#checkout-street").inputValue())) {
      await page.locator("#checkout-street").fill(plan.address.street);
      await page.locator("#checkout-postcode").fill(plan.address.postcode);
      await page.locator("#checkout-city").fill(plan.address.city);
    }
    if (step === 3)
      await page
        .locator("label")
        .filter({ has: page.locator('input[name=option][value^="ADDRESS:"]:not([value="ADDRESS:"])') })
        .first()
        .click();
    if (step === 4)
      await page
        .locator("label")
        .filter({ has: page.locator("input[name=method][value=CARD]") })
        .click();
    if (step === 4) await evidenceShot(j.h, page, shotPath(j, "9-checkout"));
    const next =
      step === 4
        ? (url: URL) => url.pathname.includes("/sandbox-payment/")
        : (url: URL) => url.searchParams.get("step") === String(step + 1);
    await Promise.all([
      page.waitForURL(next, { timeout: STEP_MS }),
      page.locator("main section form[method=post] button[type=submit]").last().click(),
    ]);
  }
  await page.locator("button[name=intent][value=pay]").waitFor({ state: "visible", timeout: STEP_MS });
  await Promise.all([
    page.waitForURL((url) => url.pathname.endsWith("/order-completed"), { timeout: STEP_MS }),
    page.locator("button[name=intent][value=pay]").click(),
  ]);
  await page.locator("[data-testid=order-public-id]").waitFor({ state: "visible", timeout: STEP_MS });
}

/** The design's preview on order completed and on tracking (the order's own copy), and the design in /accounts/designs. */
async function orderShowsDesign(j: Journey): Promise<string | void> {
  const { page, plan } = j;
  const problems: string[] = [];
  if (!(await imagesLoaded(page, "[data-testid=order-lines] [data-testid=line-design-preview]")))
    problems.push("order completed: the design's preview does not load");
  if (!(await page.locator("[data-testid=order-lines]").innerText()).includes(j.designName))
    problems.push("order completed does not name the design");
  await evidenceShot(j.h, page, shotPath(j, "10-order-completed"));
  await Promise.all([
    page.waitForURL((url) => url.pathname.includes("/tracking/"), { timeout: STEP_MS }),
    page.locator("[data-testid=order-tracking-link]").click(),
  ]);
  if (!(await imagesLoaded(page, "[data-testid=line-design-preview]")))
    problems.push("tracking: the design's preview does not load");
  await evidenceShot(j.h, page, shotPath(j, "11-tracking"));
  await page.goto(`${j.origin}${plan.prefix}/accounts/designs`, { waitUntil: "load" });
  const designs = await page.locator("main").innerText();
  if (!designs.includes(j.designName)) problems.push(`/accounts/designs does not list "${j.designName}"`);
  await evidenceShot(j.h, page, shotPath(j, "12-account-designs"));
  return problems.join("; ");
}

type Step = { name: string; run: (j: Journey) => Promise<string | void>; axe?: boolean; only?: Plan["viewport"] };
const STEPS: Step[] = [
  { name: "opens: the server paints the print area, then the editor arrives", run: opens, axe: true },
  { name: "uploads two photos at once, each with a progress bar; both are placed", run: uploadsTwo },
  { name: "the tiny photo is flagged: badge, selection and summary; ordering blocked", run: lowDpi, axe: true },
  { name: "two fingers pinch and turn a photo as one gesture, undone in one step", run: twoFingers, only: "phone" },
  { name: "adds a text typed in place; undo and redo (buttons, Ctrl+Z, Ctrl+Y)", run: textAndUndo },
  { name: "a reload restores the work from the device", run: reloadRestores },
  { name: "preview on product; Delete removes the tiny photo and unblocks ordering", run: previewAndDelete, axe: true },
  { name: "saved under its name; added to the cart, whose line shows the design's preview", run: saveAndOrder },
  { name: "signed in, checked out and paid in the sandbox", run: buy },
  {
    name: "the preview on order completed and tracking; the design in /accounts/designs",
    run: orderShowsDesign,
    axe: true,
  },
];

async function runPlan(h: Part, browser: Browser, port: number, plan: Plan) {
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
    for (const [index, step] of STEPS.filter((step) => !step.only || step.only === plan.viewport).entries()) {
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

export async function runCreator(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
) {
  for (const file of readdirSync(h.screenshots).filter((name) => name.startsWith("creator-")))
    rmSync(join(h.screenshots, file));
  const parts = PLANS.map((plan) => {
    const { p, flush } = part(h);
    return { run: () => runPlan(p, browser, port, plan), flush };
  });
  await inPool(parts, 2, printAfter, 1);
}

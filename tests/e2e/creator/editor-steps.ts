import type { Page } from "playwright-core";
import { evidenceShot } from "../harness.ts";
import { STEP_MS, type Journey, assert, shotPath, samplePhotos, editorPath, editorReady } from "./journey.ts";

// The editor's steps: it opens, takes two photos, flags the small one, moves with two fingers, types, undoes,
// restores, previews.

/** Server paint first (print area and skeleton, with JavaScript's editor not yet there), then the editor. */
export async function opens(j: Journey): Promise<string | void> {
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

/**
 * A first visit that only chooses a size has no work to recover: another size and back, and the editor never says it
 * recovered anything (the device keeps no draft of an empty design). A product of one size has nothing to choose.
 */
export async function sizeRecoversNothing(j: Journey): Promise<string | void> {
  const { page } = j;
  const select = page.locator("[data-testid=size-picker] select");
  if (!(await select.count())) return;
  const first = await select.inputValue();
  const sizes = await select
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const other = sizes.find((size) => size !== first);
  if (!other) return;
  const problems: string[] = [];
  for (const size of [other, first]) {
    await Promise.all([page.waitForURL((url) => url.searchParams.get("size") === size), select.selectOption(size)]);
    await editorReady(j);
    await page.waitForTimeout(600);
    if (await page.locator("[data-testid=draft-restored]").count())
      problems.push(`"${j.t("creator.draft.restored")}" after choosing ${size} on an empty design`);
  }
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("creator:draft")));
  if (kept.length) problems.push(`the device kept ${kept.length} draft(s) of an empty design`);
  return problems.join("; ");
}

/** Two photos at once through a slow connection: each shows a progress bar that moves; both end in the design. */
export async function uploadsTwo(j: Journey): Promise<string | void> {
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

/**
 * The tiny photo in a big frame: its badge, the selection and the summary say its DPI is too low; ordering is blocked.
 */
export async function lowDpi(j: Journey): Promise<string | void> {
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

/**
 * The distance between two opposite corner handles of the selection (its diagonal, whatever its turn), and its turn.
 */
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

/**
 * Two fingers (a phone's touch screen) on the good photo pinch it smaller and turn it by 30°, as one gesture; one undo
 * restores it.
 */
export async function twoFingers(j: Journey): Promise<string | void> {
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
export async function textAndUndo(j: Journey): Promise<string | void> {
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
export async function reloadRestores(j: Journey): Promise<string | void> {
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
export async function previewAndDelete(j: Journey): Promise<string | void> {
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

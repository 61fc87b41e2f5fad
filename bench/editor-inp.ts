// The bench's editor item (issue 26): how quickly the design creator answers a shopper with a photo book of a cover and
// 24 inner pages and 100 photos in its tray, on a CPU slowed 4x (Chromium's CPU throttling, Emulation.
// setCPUThrottlingRate). In Debian's Chromium through playwright-core: the WPX-ES photo book (/create/204) opened, 25
// photos uploaded through the page's own file input and auto-filled into the pages, 75 more uploaded to the tray; then,
// throttled, typical interactions: choosing pages from the thumbnails, moving a frame on the stage, moving a page later
// with its button and dragging a thumbnail, placing a photo from the tray, undo. Interaction to next paint is read as
// web-vitals does: the Event Timing entries (PerformanceObserver "event", durationThreshold 16) of interactions, the
// longest (fewer than 50 interactions: the worst one). `node bench/editor-inp.ts [port]` runs it alone against a store
// already serving on that port (npm start: 8787), else it serves the build itself with vite preview on PORTS.app.
import { chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { CONSENT_VERSION } from "../contract/marketing/consent.ts";
import { fmt } from "./print.ts";
import { startPreview, stopServer } from "./processes.ts";
import { BRAND, PORTS, ROOT } from "./settings.ts";

const PHOTOS = 100;
const FILLED = 25;
const THROTTLE = 4;
const BUDGET_KEY = "editorInteractionToNextPaintMsMax";

export type EditorInp = {
  /** The longest interaction's time to the next paint, in ms, and what it was. */
  worstMs: number;
  worstEvent: string;
  interactions: number;
  /** Every step's longest interaction. */
  steps: Array<{ step: string; ms: number }>;
  pages: number;
  trayPhotos: number;
};

/** Photos of different colours, small files (a gradient), as a phone's would be after the browser shrank them. */
async function photos(count: number, from = 0) {
  return Promise.all(
    Array.from({ length: count }, async (_, offset) => {
      const index = from + offset;
      const hue = (index * 37) % 360;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1500"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},70%,45%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,70%)"/></linearGradient></defs><rect width="1500" height="1500" fill="url(#g)"/></svg>`;
      const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
      return { name: `bench-${index}.jpg`, mimeType: "image/jpeg", buffer };
    }),
  );
}

const tray = (page: Page) => page.locator("[data-testid=photo-tray] img").count();

async function waitForTray(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=photo-tray] img").length >= n, count, {
    timeout: 180_000,
  });
}

/** The interactions' event entries since the observer started, cleared. */
async function takeEntries(page: Page): Promise<Array<{ name: string; duration: number; interactionId: number }>> {
  await page.waitForTimeout(400);
  return page.evaluate(() => {
    const store = window as unknown as {
      __benchEvents: Array<{ name: string; duration: number; interactionId: number }>;
    };
    return store.__benchEvents.splice(0);
  });
}

export async function measureEditorInp(port: number): Promise<EditorInp> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.localhost 127.0.0.1"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "es-ES" });
    // The cookie banner answered (its own bench is Lighthouse's): rejected, as a visitor may.
    const consent = `${CONSENT_VERSION}.a0.n0.${Math.floor(Date.now() / 1000)}`;
    await context.addCookies([{ name: "consent", value: consent, url: `http://${BRAND.host}:${port}` }]);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`http://${BRAND.host}:${port}/create/204`, { waitUntil: "load" });
    await page.locator("[data-testid=page-strip]").waitFor({ state: "visible" });
    await page.locator("[data-testid=tab-photos]").click();
    await page.locator("[data-testid=photo-input]").setInputFiles(await photos(FILLED));
    await waitForTray(page, FILLED);
    await page.locator("[data-testid=auto-fill]").click();
    await page.locator("[data-testid=photo-input]").setInputFiles(await photos(PHOTOS - FILLED, FILLED));
    await waitForTray(page, PHOTOS);
    const thumbs = page.locator("[data-testid=page-strip] [data-testid=page-thumb]");
    const pages = await thumbs.count();
    const trayPhotos = await tray(page);

    await page.evaluate(() => {
      const store = window as unknown as { __benchEvents: unknown[] };
      store.__benchEvents = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[])
          store.__benchEvents.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId });
      }).observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });

    const stage = page.locator("[data-testid=print-area]");
    const steps: Array<[string, () => Promise<unknown>]> = [
      [
        "choose pages from the thumbnails",
        async () => {
          for (const index of [3, 10, 17, 24, 5]) await thumbs.nth(index).click();
        },
      ],
      [
        "move a frame on the stage",
        async () => {
          const box = await stage.boundingBox();
          if (!box) throw new Error("no stage");
          const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
          await page.mouse.move(x, y);
          await page.mouse.down();
          for (let step = 1; step <= 10; step++) await page.mouse.move(x + step * 6, y + step * 4);
          await page.mouse.up();
        },
      ],
      [
        "move a page later with its button",
        async () => {
          for (let time = 0; time < 3; time++) await page.locator("[data-testid=page-later]").click();
        },
      ],
      ["drag a thumbnail onto another", () => thumbs.nth(12).dragTo(thumbs.nth(8))],
      ["place a photo from the tray", () => page.locator("[data-testid=photo-tray] button").nth(60).click()],
      ["undo", () => page.locator("[data-testid=undo]").click()],
    ];
    let worstMs = 0;
    let worstEvent = "none";
    let interactions = 0;
    const stepFigures: EditorInp["steps"] = [];
    for (const [step, run] of steps) {
      await run();
      const entries = (await takeEntries(page)).filter((entry) => entry.interactionId > 0);
      interactions += new Set(entries.map((entry) => entry.interactionId)).size;
      const worst = entries.reduce((a, b) => (b.duration > a.duration ? b : a), { name: "none", duration: 0 });
      stepFigures.push({ step, ms: worst.duration });
      if (worst.duration > worstMs) [worstMs, worstEvent] = [worst.duration, `${worst.name} (${step})`];
    }
    return { worstMs, worstEvent, interactions, steps: stepFigures, pages, trayPhotos };
  } finally {
    await browser.close();
  }
}

export function describeEditorInp(figures: EditorInp, limit?: number): string {
  const verdict = limit === undefined ? "" : figures.worstMs <= limit ? " ok" : " OVER";
  const steps = figures.steps.map((step) => `${step.step} ${fmt(step.ms, 0)} ms`).join("; ");
  return `editor with ${figures.pages} pages and ${figures.trayPhotos} tray photos, CPU ${THROTTLE}x slower: interaction to next paint ${fmt(figures.worstMs, 0)} ms (${figures.worstEvent}) over ${figures.interactions} interactions${limit === undefined ? "" : ` <= ${limit} ms:${verdict}`} [${steps}]`;
}

if (import.meta.main) {
  const { readFileSync } = await import("node:fs");
  const limit = (JSON.parse(readFileSync(`${ROOT}/bench/budgets.json`, "utf8")) as Record<string, number>)[BUDGET_KEY];
  const given = process.argv[2] ? Number(process.argv[2]) : null;
  const server = given ? null : await startPreview("app", ROOT, PORTS.app);
  try {
    const figures = await measureEditorInp(given ?? PORTS.app);
    console.log(`  ${describeEditorInp(figures, limit)}`);
  } finally {
    if (server) await stopServer(server);
  }
}

import type { Browser } from "playwright-core";
import { type Part, hydrated, errorsSince, message } from "../harness.ts";
import type { JourneyBrand } from "./walk.ts";

const NOT_FOUND_PATH = "/this-page-does-not-exist/at-all";

// Every page type, once per brand at desktop size: it answers, and without console errors (the harness audits each
// page it opens with axe-core: axe.ts)
export async function pageTypes(h: Part, browser: Browser, brand: JourneyBrand, origin: string) {
  const label = `[${brand.slug} page types]`;
  const context = await browser.newContext({ viewport: h.viewports.desktop, locale: "en-US" });
  context.setDefaultTimeout(15_000);
  try {
    const page = await context.newPage();
    const errors = h.trackErrors(page);
    const p = brand.prefix;

    const pages: { name: string; path: () => Promise<string | undefined>; ready?: string; status?: number }[] = [
      { name: "home", path: async () => p || "/", ready: "[data-testid=reviews-summary]" },
      {
        name: "category",
        path: async () =>
          (await page
            .locator("#categories-title")
            .locator("xpath=..")
            .locator("a[href]")
            .first()
            .getAttribute("href")) ?? undefined,
        ready: "select[name=sort]",
      },
      {
        name: "product",
        path: async () => (await page.locator("main article h3 a[href]").first().getAttribute("href")) ?? undefined,
        ready: "[data-testid=live-price]",
      },
      {
        name: "search results",
        path: async () => `${p}/search?query=${encodeURIComponent(brand.word)}`,
        ready: "[data-testid=search-hit]",
      },
      { name: "help centre", path: async () => `${p}/help-center` },
      {
        name: "help topic",
        path: async () =>
          (await page.locator('main a[href*="/help-center/topic/"]').first().getAttribute("href")) ?? undefined,
        ready: "main button[name=helpful]",
      },
      { name: "offers", path: async () => `${p}/offers` },
      { name: "reviews", path: async () => `${p}/reviews` },
      { name: "tags list", path: async () => `${p}/tags-list` },
      { name: "404", path: async () => `${p}${NOT_FOUND_PATH}`, status: 404 },
    ];

    for (const entry of pages) {
      const path = await entry.path().catch(() => undefined);
      if (!path) {
        h.record(false, `${label} ${entry.name}`, "could not find the page's address");
        continue;
      }
      const url = new URL(path, origin).href;
      const from = errors.length;
      await h.check(
        `${label} ${entry.name} ${new URL(url).pathname}${new URL(url).search} answers ${entry.status ?? 200}`,
        async () => {
          const response = await page.goto(url, { waitUntil: "load" });
          const wanted = entry.status ?? 200;
          if (response?.status() !== wanted) return `status ${response?.status()} (expected ${wanted})`;
          if (entry.ready) await page.locator(entry.ready).first().waitFor({ state: "visible", timeout: 10_000 });
          await h.settle(page);
          await hydrated(page).catch(() => undefined);
        },
      );
      await h.check(`${label} ${entry.name}: no console/page errors`, () => {
        const list = errorsSince(errors, from, entry.status === 404 ? url : undefined);
        if (list.length) return `${list.length}: ${list.slice(0, 3).join(" | ")}`;
      });
    }
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

import { join } from "node:path";
import type { Page } from "playwright-core";
import { type Part, NAVIGATION_MS, translations } from "../harness.ts";

// What the catalogue journey's steps share: its brands, strings and helpers, and what a step reads of the journey.

export type JourneyBrand = {
  slug: string;
  /** The locale the journey browses in, and the path prefix it lives under ("" for the brand's default locale). */
  locale: string;
  prefix: string;
  /** A product word that has suggestions and results in that locale. */
  word: string;
};

export const JOURNEY_BRANDS: JourneyBrand[] = [
  { slug: "WPX-PL", locale: "pl", prefix: "", word: "kubek" },
  { slug: "TZ-ES", locale: "es", prefix: "", word: "taza" },
  { slug: "WPX-DK", locale: "en", prefix: "/en", word: "mug" },
];
export const GIBBERISH = "qzxvwq jjkkyy";
/** A quantity that reaches a quantity tier on every seeded product (their tiers start at 2–10 items). */
export const TIER_QUANTITY = 10;

export type Strings = {
  catalogue: { filters: string; clear: string };
  help: { wasHelpful: string; yes: string; no: string; thanks: string };
};
export function strings(locale: string): Strings {
  return translations(locale) as Strings;
}

/** Waits until the main heading is visible and no longer `old` (a client navigation has rendered its new page). */
export async function newHeading(page: Page, old: string, timeout = NAVIGATION_MS) {
  await page.waitForFunction(
    (previous) => {
      const h1 = document.querySelector("main h1") as HTMLElement | null;
      return !!h1 && h1.offsetParent !== null && h1.innerText.trim() !== previous;
    },
    old,
    { timeout },
  );
  return (await page.locator("main h1").innerText()).trim();
}

/** Seconds of main-thread script time during `ms` of doing nothing (Chromium's Performance domain). */
export async function idleScriptSeconds(page: Page, ms = 1_000) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Performance.enable");
    const scriptTime = async () =>
      (await cdp.send("Performance.getMetrics")).metrics.find((metric) => metric.name === "ScriptDuration")?.value ?? 0;
    const before = await scriptTime();
    await page.waitForTimeout(ms);
    return (await scriptTime()) - before;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export function shot(h: Part, brand: JourneyBrand, viewport: string, step: string) {
  return join(h.screenshots, `${brand.slug.toLowerCase()}-${viewport}-${step}.png`);
}

export type Found = { category?: string; product?: string; topic?: string };

export function assert(condition: unknown, text: string): asserts condition {
  if (!condition) throw new Error(text);
}

/** What a journey's checks read: its part, page and brand, where it is, and what the earlier steps found. */
export type Walk = {
  h: Part;
  page: Page;
  brand: JourneyBrand;
  origin: string;
  home: string;
  label: string;
  viewport: "phone" | "desktop";
  text: Strings;
  seen: Found;
};

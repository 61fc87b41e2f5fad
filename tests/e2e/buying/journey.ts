import { join } from "node:path";
import type { Page } from "playwright-core";
import { evidenceShot, hydrated, translations, type Part } from "../harness.ts";
import type { Viewport, BuyingBrand } from "./brands.ts";

// A buying journey's page, its translations and the helpers its steps share.

/** A client navigation, a form post and its redirect, or a payment round trip: generous for a busy 2-core machine. */
export const STEP_MS = 20_000;

type Tree = ReturnType<typeof translations>;
/** t(key, values) over the locale's merged files, the way i18next interpolates {{placeholders}}. */
export function translator(locale: string) {
  const tree = translations(locale);
  return (key: string, values: Record<string, string | number> = {}) => {
    const found = key
      .split(".")
      .reduce<Tree | string | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), tree);
    if (typeof found !== "string") throw new Error(`no translation "${key}" in ${locale}`);
    return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

export function assert(condition: unknown, text: string): asserts condition {
  if (!condition) throw new Error(text);
}

export const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ").trim();

/** Amounts in the brand's currency, and whole ones where the currency has no decimals: the problem, or "". */
export function moneyProblem(brand: BuyingBrand, what: string, texts: string[]) {
  const problems: string[] = [];
  if (!texts.length) return `${what}: no amounts`;
  const wrong = texts.filter((text) => !text.includes(brand.money));
  if (wrong.length) problems.push(`${what} without "${brand.money}": ${JSON.stringify(wrong.slice(0, 3))}`);
  if (!brand.decimals) {
    const decimals = texts.filter((text) => /\d[.,]\d{2}(?!\d)/.test(text));
    if (decimals.length) problems.push(`${what} with decimals: ${JSON.stringify(decimals.slice(0, 3))}`);
  }
  return problems.join("; ");
}

export type Journey = {
  h: Part;
  page: Page;
  brand: BuyingBrand;
  viewport: Viewport;
  label: string;
  origin: string;
  js: boolean;
  t: ReturnType<typeof translator>;
  errors: string[];
  /** What the journey learnt on the way (`added`: the product pages whose product went into the cart). */
  seen: {
    added?: string[];
    product?: string;
    options?: string[];
    count?: number;
    orderId?: string;
    pickupPoint?: string;
    discount?: boolean;
  };
  axe: boolean;
  /** The screenshots' name prefix: the part of the run the journey belongs to. */
  part?: "buying" | "accounts" | "marketing";
};

export function shot(j: Journey, step: string) {
  return join(
    j.h.screenshots,
    `${j.part ?? "buying"}-${j.brand.slug.toLowerCase()}-${j.viewport}${j.js ? "" : "-nojs"}-${step}.png`,
  );
}

/** The journey's full-page evidence of a step (a timeout is a logged warning: see evidenceShot). */
export async function screenshot(j: Journey, step: string) {
  await evidenceShot(j.h, j.page, shot(j, step));
}

/** Once the element is in the page and, with JavaScript, hydrated (so clicks reach React, not a half-ready page). */
export async function ready(j: Journey, selector: string) {
  await j.page.locator(selector).first().waitFor({ state: "visible", timeout: STEP_MS });
  if (j.js) await hydrated(j.page, selector).catch(() => undefined);
}

export async function headerCount(page: Page) {
  return Number((await page.locator("header [data-testid=cart-count]").first().innerText()).trim());
}

export async function stepTitle(page: Page) {
  return squash(await page.locator("#checkout-step-title").innerText());
}

/** Waits until the page is the checkout step `step` (its URL and its heading). */
export async function onStep(j: Journey, step: number) {
  await j.page.waitForURL(
    (url) => url.pathname.endsWith("/checkout") && (url.searchParams.get("step") ?? "1") === String(step),
    { timeout: STEP_MS },
  );
  const title = j.t(`checkout.step${step}`);
  await j.page.waitForFunction(
    (wanted) => (document.querySelector("#checkout-step-title") as HTMLElement | null)?.innerText.trim() === wanted,
    title,
    { timeout: STEP_MS },
  );
}

/** The first radio matching `css`, pinned by its value (so a label can be found by it alone). */
export async function firstRadio(page: Page, css: string, what: string) {
  const value = await page
    .locator(css)
    .first()
    .getAttribute("value", { timeout: 5_000 })
    .catch(() => null);
  assert(value, `no ${what} (${css})`);
  return page.locator(`input[name=option][value="${value}"]`);
}

export async function submitStep(j: Journey) {
  const button = j.page.locator("main section form[method=post] button[type=submit]").last();
  await button.click();
}

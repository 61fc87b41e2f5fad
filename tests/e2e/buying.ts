// Buying journeys (issue 4), as a shopper does them, with real clicks and typing: a guest buys from the product page in
// three brands (cart, promotion codes, the four checkout steps, the sandbox payment page, order completed, tracking);
// a pickup-point order; a declined payment paid again; the whole purchase with JavaScript disabled; and, in one brand,
// axe-core on states within a page (an applied code, a refused step; the harness audits every page it visits).
// Imported by run.ts like catalogue.ts, sharing its parts, pool and helpers.

import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { axeProblems } from "./axe.ts";
import { errorsSince, inPool, message, part, SCREENSHOT_MS, type Harness, type Part } from "./harness.ts";
import { type Viewport, type BuyingBrand, WPX_PL, TZ_ES, WPX_DK, WPX_ES, WPX_FR, WPX_CZ } from "./buying/brands.ts";
import {
  STEP_MS,
  translator,
  squash,
  type Journey,
  shot,
  screenshot,
  ready,
  headerCount,
  stepTitle,
} from "./buying/journey.ts";
import { addFromProductPage, openCart, promotionCodes } from "./buying/cart-steps.ts";
import {
  goToCheckout,
  contactStep,
  addressStep,
  addressStepWithError,
  homeDelivery,
  pickupPoint,
  payOnline,
  sandboxPay,
  tracking,
} from "./buying/checkout-steps.ts";

/**
 * `axe`: a state within the page the step leaves (a refused form, an applied code) to audit; the harness audits every
 * page.
 */
export type Step = { name: string; run: (j: Journey) => Promise<string | void>; axe?: string };

/**
 * Runs the steps in order, with a screenshot of a failing one. A step that could not be done (it threw: the page did
 * not get where it should) ends the journey, as the later ones depend on it; one that got there but saw something wrong
 * (it returned its problems) fails and the journey goes on.
 */
async function steps(j: Journey, list: Step[]) {
  for (const [index, step] of list.entries()) {
    let stuck = false;
    const ok = await j.h.check(`${j.label} ${index + 1} ${step.name}`, async () => {
      try {
        return await step.run(j);
      } catch (error) {
        stuck = true;
        throw error;
      }
    });
    if (!ok)
      await j.page.screenshot({ timeout: SCREENSHOT_MS, path: shot(j, `${index + 1}-failed`) }).catch(() => undefined);
    if (stuck) {
      if (index < list.length - 1)
        j.h.log(`info  ${j.label} stopped after step ${index + 1}; ${list.length - index - 1} step(s) not run`);
      return false;
    }
    if (j.axe && step.axe) {
      const page = j.page;
      const name = step.axe;
      await j.h.check(`${j.label} axe: ${name} has no serious/critical violations`, async () => {
        await j.h.settle(page);
        return axeProblems(j.h, page, `${j.label} ${name}`);
      });
    }
  }
  return true;
}

const GUEST_PURCHASE: Step[] = [
  { name: "product page: choose a size, add to cart (header count grows, no reload)", run: addFromProductPage },
  { name: "cart from the header: the line and totals in the brand's currency", run: openCart },
  {
    name: "cart: an unknown code is refused with its message; the brand's code is applied",
    run: promotionCodes,
    axe: "cart with a code",
  },
  { name: "go to checkout: step 1", run: goToCheckout },
  { name: "step 1: guest contact as a private person", run: contactStep },
  {
    name: "step 2: an invalid postcode shows the translated field error and keeps the values; a valid one continues",
    run: addressStepWithError,
  },
  { name: "step 3: home delivery with a carrier (price and dates shown)", run: homeDelivery },
  { name: "step 4: CARD, pay → the sandbox payment page with the order's total", run: payOnline },
  { name: "sandbox: Pay → order completed (number, lines, totals, help topics), header cart count 0", run: sandboxPay },
  { name: "order completed → tracking: the timeline shows the order received", run: tracking },
];

const PICKUP_PURCHASE: Step[] = [
  { name: "product page: add to cart", run: addFromProductPage },
  { name: "cart", run: openCart },
  { name: "go to checkout: step 1", run: goToCheckout },
  { name: "step 1: guest contact", run: contactStep },
  { name: "step 2: address", run: addressStep },
  { name: "step 3: PICKPOINT, search by postcode, list and map, choose a point on the map", run: pickupPoint },
  { name: "step 4: CARD, pay → sandbox page", run: payOnline },
  { name: "sandbox: Pay → order completed names the pickup point", run: sandboxPay },
];

/** After the sandbox's "Decline": back on step 4 with the failure, the cart kept; paying again completes the order. */
async function declineThenPay(j: Journey): Promise<string | void> {
  const { page, t } = j;
  const problems: string[] = [];
  await ready(j, "button[name=intent][value=decline]");
  await screenshot(j, "8-sandbox-decline");
  await Promise.all([
    page.waitForURL((url) => url.pathname.endsWith("/checkout") && url.searchParams.get("payment") === "failed", {
      timeout: STEP_MS,
    }),
    page.locator("button[name=intent][value=decline]").click(),
  ]);
  const notice = page.locator("[data-testid=payment-notice]");
  await notice.waitFor({ state: "visible", timeout: STEP_MS });
  const said = squash(await notice.innerText());
  if (!said.includes(t("checkout.payment.failed")))
    problems.push(`notice says "${said}", expected "${t("checkout.payment.failed")}"`);
  if ((await stepTitle(page)) !== t("checkout.step4")) problems.push(`not on step 4 but "${await stepTitle(page)}"`);
  await screenshot(j, "8-payment-declined");
  // The header (not shown in checkout) in another tab of the same session: the cart is still there.
  const other = await page.context().newPage();
  try {
    await other.goto(`${j.origin}${j.brand.prefix}/cart`, { waitUntil: "load" });
    const count = await headerCount(other);
    if (count !== j.seen.count)
      problems.push(`header cart count ${count} after the declined payment, expected ${j.seen.count}`);
    const lines = (await other.locator("[data-testid=cart-line] h2").allInnerTexts()).map(squash);
    if (!lines.includes(j.seen.product!)) problems.push(`the cart lost "${j.seen.product}": ${JSON.stringify(lines)}`);
  } finally {
    await other.close();
  }
  const again = await payOnline(j, "8-payment-again");
  if (again) problems.push(`paying again: ${again}`);
  return problems.join("; ");
}

/** A guest buys one product with home delivery and a card, up to the sandbox's payment page. */
export const TO_THE_SANDBOX: Step[] = [
  { name: "product page: add to cart", run: addFromProductPage },
  { name: "cart", run: openCart },
  { name: "go to checkout: step 1", run: goToCheckout },
  { name: "step 1: guest contact", run: contactStep },
  { name: "step 2: address", run: addressStep },
  { name: "step 3: home delivery", run: homeDelivery },
  { name: "step 4: CARD, pay → sandbox page", run: payOnline },
];

const DECLINED_PURCHASE: Step[] = [
  ...TO_THE_SANDBOX,
  { name: "sandbox: Decline → step 4 with the failure, cart kept; pay again → sandbox page", run: declineThenPay },
  { name: "sandbox: Pay → order completed, header cart count 0", run: sandboxPay },
];

const NO_JS_PURCHASE: Step[] = [
  { name: "no JS: product page form post adds to the cart (cart says added)", run: addFromProductPage },
  { name: "no JS: cart", run: openCart },
  { name: "no JS: go to checkout", run: goToCheckout },
  { name: "no JS: step 1 by form post", run: contactStep },
  {
    name: "no JS: step 2 by form post (an invalid postcode re-rendered by the server with its error and values)",
    run: addressStepWithError,
  },
  { name: "no JS: step 3 by form post", run: homeDelivery },
  { name: "no JS: step 4 by form post → sandbox page", run: payOnline },
  { name: "no JS: sandbox Pay → order completed", run: sandboxPay },
];

export type Plan = { brand: BuyingBrand; viewport: Viewport; name: string; steps: Step[]; js?: boolean; axe?: boolean };

const PLANS: Plan[] = [
  { brand: WPX_PL, viewport: "phone", name: "guest purchase", steps: GUEST_PURCHASE },
  { brand: TZ_ES, viewport: "desktop", name: "guest purchase + axe", steps: GUEST_PURCHASE, axe: true },
  { brand: WPX_DK, viewport: "desktop", name: "guest purchase", steps: GUEST_PURCHASE },
  { brand: WPX_ES, viewport: "desktop", name: "pickup point", steps: PICKUP_PURCHASE },
  { brand: WPX_FR, viewport: "phone", name: "declined payment", steps: DECLINED_PURCHASE },
  { brand: WPX_CZ, viewport: "desktop", name: "no JavaScript", steps: NO_JS_PURCHASE, js: false },
];

/** Which part of the run the journeys are: their labels and screenshot names; errors the browser logs by design. */
type Journeys = { part: "buying" | "accounts" | "marketing"; plans: Plan[]; expectedErrors?: RegExp };

async function runPlan(h: Part, browser: Browser, port: number, plan: Plan, journeys: Journeys) {
  const label = `[${plan.brand.slug}${plan.brand.prefix} ${plan.viewport} ${journeys.part}: ${plan.name}]`;
  const started = Date.now();
  let context: BrowserContext | null = null;
  try {
    const js = plan.js ?? true;
    context = await browser.newContext({
      viewport: h.viewports[plan.viewport],
      locale: "en-US",
      javaScriptEnabled: js,
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const j: Journey = {
      h,
      page,
      brand: plan.brand,
      viewport: plan.viewport,
      label,
      js,
      axe: plan.axe ?? false,
      part: journeys.part,
      origin: `http://${plan.brand.slug.toLowerCase()}.localhost:${port}`,
      t: translator(plan.brand.locale),
      errors: h.trackErrors(page),
      seen: {},
    };
    await steps(j, plan.steps);
    await h.check(`${label} no console/page errors`, () => {
      const list = errorsSince(j.errors, 0).filter((error) => !journeys.expectedErrors?.test(error));
      if (list.length) return `${list.length}: ${list.slice(0, 3).join(" | ")}`;
    });
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context?.close().catch(() => undefined);
    h.log(`info  ${label} took ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
}

/** Runs the plans side by side in the shared pool, each in its own browser context, and prints their lines in order. */
export async function runJourneys(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown>,
  journeys: Journeys,
) {
  const started = Date.now();
  // This run's screenshots only: a "-failed" one left from an earlier run would mislead.
  for (const file of readdirSync(h.screenshots).filter((name) => name.startsWith(`${journeys.part}-`)))
    rmSync(join(h.screenshots, file));
  let ended = started;
  const parts = journeys.plans.map((plan) => {
    const { p, flush } = part(h);
    const run = async () => {
      await runPlan(p, browser, port, plan, journeys);
      ended = Date.now();
    };
    return { run, flush };
  });
  // Ahead of the catalogue parts for the shared slots: the longest journeys start first, so the run ends sooner.
  await inPool(parts, parts.length, printAfter, 1);
  console.log(`info  ${journeys.part} journeys done ${Math.round((ended - started) / 1000)}s after they were started`);
}

export function runBuying(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
) {
  return runJourneys(h, browser, port, printAfter, { part: "buying", plans: PLANS });
}

// Buying journeys (issue 4), as a shopper does them, with real clicks and typing: a guest buys from the product page in
// three brands (cart, promotion codes, the four checkout steps, the sandbox payment page, order completed, tracking);
// a pickup-point order; a declined payment paid again; the whole purchase with JavaScript disabled; and, in one brand,
// axe-core on states within a page (an applied code, a refused step; the harness audits every page it visits).
// Imported by run.ts like catalogue.ts, sharing its parts, pool and helpers.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { axeProblems } from "./axe.ts";
import {
  errorsSince,
  evidenceShot,
  hydrated,
  inPool,
  message,
  part,
  SCREENSHOT_MS,
  translations,
  type Harness,
  type Part,
} from "./catalogue.ts";

/** A client navigation, a form post and its redirect, or a payment round trip: generous for a busy 2-core machine. */
const STEP_MS = 20_000;

type Viewport = "phone" | "desktop";
type Address = { street: string; postcode: string; badPostcode: string; city: string };
export type BuyingBrand = {
  slug: string;
  locale: string;
  /** The path prefix of the locale browsed in ("" for the brand's default locale). */
  prefix: string;
  /** What every amount shows, in that locale, and whether amounts have decimals. */
  money: string;
  decimals: boolean;
  /** A promotion code the brand's seed has running now for any cart (migrations/store/0004_catalogue_seed.sql). */
  code: string;
  address: Address;
};

export const WPX_PL: BuyingBrand = {
  slug: "WPX-PL",
  locale: "pl",
  prefix: "",
  money: "zł",
  decimals: true,
  code: "WITAJ10",
  address: { street: "ul. Marszałkowska 10", postcode: "00-950", badPostcode: "00950", city: "Warszawa" },
};
const TZ_ES: BuyingBrand = {
  slug: "TZ-ES",
  locale: "es",
  prefix: "",
  money: "€",
  decimals: true,
  code: "HOLATAZZO10",
  address: { street: "Calle de Alcalá, 20", postcode: "28013", badPostcode: "60013", city: "Madrid" },
};
export const WPX_DK: BuyingBrand = {
  slug: "WPX-DK",
  locale: "en",
  prefix: "/en",
  money: "DKK",
  decimals: false,
  code: "VELKOMMEN10",
  address: { street: "Bredgade 10", postcode: "1050", badPostcode: "0123", city: "København K" },
};
export const WPX_ES: BuyingBrand = {
  slug: "WPX-ES",
  locale: "es",
  prefix: "",
  money: "€",
  decimals: true,
  code: "BIENVENIDA10",
  address: { street: "Gran Vía, 30", postcode: "28013", badPostcode: "2801", city: "Madrid" },
};
const WPX_FR: BuyingBrand = {
  slug: "WPX-FR",
  locale: "fr",
  prefix: "",
  money: "€",
  decimals: true,
  code: "BIENVENUE10",
  address: { street: "12 rue de Rivoli", postcode: "75001", badPostcode: "7500", city: "Paris" },
};
export const WPX_CZ: BuyingBrand = {
  slug: "WPX-CZ",
  locale: "cs",
  prefix: "",
  money: "Kč",
  decimals: false,
  code: "VITEJTE10",
  address: { street: "Národní 10", postcode: "110 00", badPostcode: "010 00", city: "Praha" },
};
const UNKNOWN_CODE = "NOSUCHCODE42";

// ---------------------------------------------------------------------------------------------------------------
// Helpers

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

async function stepTitle(page: Page) {
  return squash(await page.locator("#checkout-step-title").innerText());
}

/** Waits until the page is the checkout step `step` (its URL and its heading). */
async function onStep(j: Journey, step: number) {
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
async function firstRadio(page: Page, css: string, what: string) {
  const value = await page
    .locator(css)
    .first()
    .getAttribute("value", { timeout: 5_000 })
    .catch(() => null);
  assert(value, `no ${what} (${css})`);
  return page.locator(`input[name=option][value="${value}"]`);
}

async function submitStep(j: Journey) {
  const button = j.page.locator("main section form[method=post] button[type=submit]").last();
  await button.click();
}

// ---------------------------------------------------------------------------------------------------------------
// Steps (each returns a failure reason, or nothing)

/**
 * Home → the first product whose page can be added to the cart (and that this journey has not added yet); a size chosen
 * if it has sizes; added.
 */
export async function addFromProductPage(j: Journey): Promise<string | void> {
  const { page, h } = j;
  const home = `${j.origin}${j.brand.prefix || "/"}`;
  const response = await page.goto(home, { waitUntil: "load" });
  if (response?.status() !== 200) return `home status ${response?.status()}`;
  await h.settle(page);
  const cards = page.locator("main article h3 a[href]");
  const hrefs = [
    ...new Set(await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))),
  ].filter(Boolean);
  assert(hrefs.length, "no product cards (main article h3 a[href]) on the home page");
  let found = false;
  const fresh = hrefs.filter((href) => !j.seen.added?.includes(href));
  for (const href of fresh.slice(0, 5)) {
    if (new URL(page.url()).pathname !== (j.brand.prefix || "/")) await page.goto(home, { waitUntil: "load" });
    if (j.js) await hydrated(page).catch(() => undefined);
    await Promise.all([
      page.waitForURL((url) => url.pathname === href, { timeout: STEP_MS }),
      page.locator(`main article h3 a[href="${href}"]`).first().click(),
    ]);
    await page.locator("main h1").waitFor({ state: "visible", timeout: STEP_MS });
    const add = page.locator("[data-testid=add-to-cart]");
    await add.waitFor({ state: "visible", timeout: 5_000 }).catch(() => undefined);
    if ((await add.count()) === 1 && !(await add.isDisabled())) {
      found = true;
      j.seen.added = [...(j.seen.added ?? []), href];
      break;
    }
    h.log(`info  ${j.label} ${href} cannot be added to the cart directly; trying the next product`);
  }
  assert(found, `none of the first ${Math.min(5, fresh.length)} home products has an enabled add-to-cart button`);
  j.seen.product = squash(await page.locator("main h1").innerText());
  if (j.js) {
    await h.settle(page);
    await hydrated(page, "[data-testid=add-to-cart]");
  }
  const problems: string[] = [];
  // A size that is not the preselected one, when the product has sizes.
  const other = page.locator("label").filter({ has: page.locator("input[name=option_size]:not(:checked)") });
  if (await other.count()) {
    const value = await other.first().locator("input").getAttribute("value");
    const radio = page.locator(`input[name=option_size][value="${value}"]`);
    await page.locator("label").filter({ has: radio }).click();
    if (!(await radio.isChecked())) problems.push(`size ${value} not checked after clicking its label`);
  } else {
    h.log(`info  ${j.label} ${j.seen.product}: no size to choose`);
  }
  const quantity = Number((await page.locator("input[name=quantity]").inputValue()) || "1");
  const before = await headerCount(page);
  const url = page.url();
  if (j.js) {
    await page.locator("[data-testid=add-to-cart]").click();
    const added = page.locator("[data-testid=added-to-cart]");
    await added.waitFor({ state: "visible", timeout: STEP_MS });
    await page
      .waitForFunction(
        (old) => Number(document.querySelector("header [data-testid=cart-count]")?.textContent?.trim()) > old,
        before,
        { timeout: STEP_MS },
      )
      .catch(() => undefined);
    const after = await headerCount(page);
    if (after !== before + quantity)
      problems.push(`header cart count went ${before} → ${after}, expected +${quantity}`);
    if (page.url() !== url) problems.push(`adding left the page for ${page.url()} (expected no reload)`);
    j.seen.count = after;
  } else {
    // Without JavaScript the form posts to the cart, which says the product was added.
    await Promise.all([
      page.waitForURL((next) => next.pathname.endsWith("/cart"), { timeout: STEP_MS }),
      page.locator("[data-testid=add-to-cart]").click(),
    ]);
    await page.locator("[data-testid=cart-added]").waitFor({ state: "visible", timeout: STEP_MS });
    const after = await headerCount(page);
    if (after !== before + quantity)
      problems.push(`header cart count went ${before} → ${after}, expected +${quantity}`);
    j.seen.count = after;
  }
  await screenshot(j, "1-product");
  return problems.join("; ");
}

/** The cart from the header: the line, totals in the brand's currency. */
export async function openCart(j: Journey): Promise<string | void> {
  const { page } = j;
  if (!new URL(page.url()).pathname.endsWith("/cart")) {
    if (j.js) await hydrated(j.page, "header a[href$='/cart']").catch(() => undefined);
    await Promise.all([
      page.waitForURL((url) => url.pathname.endsWith("/cart"), { timeout: STEP_MS }),
      page.locator("header a[href$='/cart']").first().click(),
    ]);
  }
  const lines = page.locator("[data-testid=cart-line]");
  await lines.first().waitFor({ state: "visible", timeout: STEP_MS });
  const problems: string[] = [];
  const names = (await lines.locator("h2").allInnerTexts()).map(squash);
  if (!names.includes(j.seen.product!))
    problems.push(`cart lines ${JSON.stringify(names)} do not include "${j.seen.product}"`);
  // "Size: 13×18 cm · Finish: Glossy": the option labels every later page shows for the line.
  const line = lines.filter({ has: page.locator("h2", { hasText: j.seen.product! }) }).first();
  const options = line.locator("[data-testid=line-options]");
  j.seen.options = (await options.count())
    ? squash(await options.innerText())
        .split(" · ")
        .map((option) => option.split(": ").pop()!.trim())
    : [];
  const amounts = [
    ...(await lines.locator("[data-testid=line-total]").allInnerTexts()),
    ...(await page
      .locator("[data-testid=cart-totals] [data-testid=subtotal], [data-testid=cart-totals] [data-testid=total]")
      .allInnerTexts()),
  ].map(squash);
  if (amounts.length < 3) problems.push(`expected a line total, subtotal and total, found ${JSON.stringify(amounts)}`);
  const money = moneyProblem(j.brand, "cart amounts", amounts);
  if (money) problems.push(money);
  await screenshot(j, "2-cart");
  return problems.join("; ");
}

async function totalOf(page: Page) {
  return squash(await page.locator("[data-testid=cart-totals] [data-testid=total]").innerText());
}

/** An unknown code is refused with its message; the brand's current code is applied and takes money off the total. */
async function promotionCodes(j: Journey): Promise<string | void> {
  const { page, t } = j;
  const problems: string[] = [];
  const apply = async (code: string) => {
    await ready(j, "#promotion-code");
    await page.locator("#promotion-code").fill(code);
    await page
      .locator("form")
      .filter({ has: page.locator("#promotion-code") })
      .locator("button[type=submit]")
      .click();
  };
  const message = page.locator("[data-testid=promotion-message]");
  const before = await totalOf(page);

  await apply(UNKNOWN_CODE);
  await page
    .locator('[data-testid=promotion-message][data-state="UNKNOWN"]')
    .waitFor({ state: "visible", timeout: STEP_MS });
  const unknown = squash(await message.innerText());
  const expectedUnknown = t("cart.promotion.states.UNKNOWN", { code: UNKNOWN_CODE });
  if (unknown !== expectedUnknown) problems.push(`unknown code says "${unknown}", expected "${expectedUnknown}"`);
  await screenshot(j, "3-cart-unknown-code");

  await apply(j.brand.code.toLowerCase());
  await page
    .locator('[data-testid=promotion-message][data-state="APPLIED"]')
    .waitFor({ state: "visible", timeout: STEP_MS });
  const discount = page.locator("[data-testid=cart-totals] [data-testid=discount]");
  await discount.waitFor({ state: "visible", timeout: STEP_MS });
  await page
    .waitForFunction(
      (old) =>
        document
          .querySelector("[data-testid=cart-totals] [data-testid=total]")
          ?.textContent?.replace(/\s+/g, " ")
          .trim() !== old,
      before,
      { timeout: STEP_MS },
    )
    .catch(() => undefined);
  const applied = squash(await message.innerText());
  if (!applied.includes(j.brand.code)) problems.push(`applied message "${applied}" does not name ${j.brand.code}`);
  const after = await totalOf(page);
  if (after === before) problems.push(`total stayed ${before} after applying ${j.brand.code}`);
  const money = moneyProblem(j.brand, "discount and total", [squash(await discount.innerText()), after]);
  if (money) problems.push(money);
  j.seen.discount = true;
  j.h.log(`info  ${j.label} ${j.brand.code}: total ${before} → ${after}`);
  await screenshot(j, "3-cart-code-applied");
  return problems.join("; ");
}

async function goToCheckout(j: Journey): Promise<string | void> {
  await ready(j, "[data-testid=go-to-checkout]");
  await j.page.locator("[data-testid=go-to-checkout]").click();
  await onStep(j, 1);
}

/** Step 1 as a guest private person. */
async function contactStep(j: Journey): Promise<string | void> {
  const { page } = j;
  await ready(j, "#checkout-email");
  await page.locator("#checkout-email").fill(`e2e.${j.brand.slug.toLowerCase()}.${Date.now()}@example.com`);
  await page
    .locator("label")
    .filter({ has: page.locator("input[name=customerType][value=PERSON]") })
    .click();
  assert(
    await page.locator("input[name=customerType][value=PERSON]").isChecked(),
    "PERSON not checked after clicking its label",
  );
  const problems: string[] = [];
  if (await page.locator("[data-testid=company-fields]").isVisible())
    problems.push("company fields still shown for a private person");
  await page.locator("#checkout-firstName").fill("Alex");
  await page.locator("#checkout-lastName").fill("Tester");
  await page.locator("#checkout-phone").fill("600123456");
  await screenshot(j, "4-step1-contact");
  await submitStep(j);
  await onStep(j, 2);
  return problems.join("; ");
}

/** Step 2 with a valid address. */
async function addressStep(j: Journey): Promise<string | void> {
  await ready(j, "#checkout-street");
  await j.page.locator("#checkout-street").fill(j.brand.address.street);
  await j.page.locator("#checkout-postcode").fill(j.brand.address.postcode);
  await j.page.locator("#checkout-city").fill(j.brand.address.city);
  await submitStep(j);
  await onStep(j, 3);
}

/** Step 2: an invalid postcode first (the translated error, the values kept), then a valid one. */
async function addressStepWithError(j: Journey): Promise<string | void> {
  const { page, t, brand } = j;
  const problems: string[] = [];
  await ready(j, "#checkout-street");
  await page.locator("#checkout-street").fill(brand.address.street);
  await page.locator("#checkout-postcode").fill(brand.address.badPostcode);
  await page.locator("#checkout-city").fill(brand.address.city);
  const from = j.errors.length;
  await submitStep(j);
  const error = page.locator("#checkout-postcode-error");
  await error.waitFor({ state: "visible", timeout: STEP_MS });
  const said = squash(await error.innerText());
  if (said !== t("checkout.errors.postcode"))
    problems.push(`postcode error says "${said}", expected "${t("checkout.errors.postcode")}"`);
  if (!(await page.locator("[data-testid=checkout-errors]").isVisible())) problems.push("no error summary");
  if (j.js) {
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
    if (focused !== "checkout-errors") problems.push(`focus is on ${focused ?? "nothing"}, not the error summary`);
  }
  if ((await page.locator("#checkout-postcode").getAttribute("aria-invalid")) !== "true")
    problems.push("postcode field not aria-invalid");
  const kept = {
    postcode: await page.locator("#checkout-postcode").inputValue(),
    street: await page.locator("#checkout-street").inputValue(),
  };
  if (kept.postcode !== brand.address.badPostcode)
    problems.push(`postcode shows "${kept.postcode}" after the error, expected "${brand.address.badPostcode}"`);
  if (kept.street !== brand.address.street) problems.push(`street shows "${kept.street}" after the error`);
  if (new URL(page.url()).searchParams.get("step") !== "2" && (await stepTitle(page)) !== t("checkout.step2"))
    problems.push("left step 2 with an invalid postcode");
  // The refused post answers 400: the browser logs it; that is the form working, not a page error.
  j.errors.splice(
    from,
    j.errors.length - from,
    ...j.errors.slice(from).filter((line) => !line.includes("status of 400")),
  );
  await screenshot(j, "5-step2-invalid-postcode");
  if (j.axe) {
    const axe = await axeProblems(j.h, page, `${j.label} step 2 with errors`);
    if (axe) problems.push(`axe on step 2 with errors: ${axe}`);
  }

  await page.locator("#checkout-postcode").fill(brand.address.postcode);
  await submitStep(j);
  await onStep(j, 3);
  return problems.join("; ");
}

/** Step 3: home delivery with a carrier (price and dates shown). */
async function homeDelivery(j: Journey): Promise<string | void> {
  const { page } = j;
  await ready(j, "input[name=option]");
  const radio = await firstRadio(
    page,
    'input[name=option][value^="ADDRESS:"]:not([value="ADDRESS:"])',
    "home delivery with a carrier",
  );
  const label = page.locator("label").filter({ has: radio });
  await label.click();
  const problems: string[] = [];
  if (!(await radio.isChecked())) problems.push("home delivery not checked after clicking it");
  const text = squash(await label.innerText());
  const price = squash(await label.locator(":scope > span").last().innerText());
  const dates = squash(await label.locator(".text-muted").first().innerText());
  if (!price.includes(j.brand.money) && price !== j.t("totals.free")) problems.push(`option "${text}" shows no price`);
  else if (price !== j.t("totals.free")) {
    const money = moneyProblem(j.brand, "delivery price", [price]);
    if (money) problems.push(money);
  }
  if (!/\d/.test(dates)) problems.push(`option "${text}" shows no dates ("${dates}")`);
  j.h.log(`info  ${j.label} home delivery: ${text}`);
  await screenshot(j, "6-step3-home-delivery");
  await submitStep(j);
  await onStep(j, 4);
  return problems.join("; ");
}

/** Step 3: PICKPOINT, searched by postcode, a point chosen on the map, shown as chosen. */
async function pickupPoint(j: Journey): Promise<string | void> {
  const { page } = j;
  const problems: string[] = [];
  await ready(j, "input[name=option]");
  const radio = await firstRadio(page, 'input[name=option][value^="PICKPOINT:"]', "PICKPOINT delivery");
  await page.locator("label").filter({ has: radio }).click();
  const picker = page.locator("[data-testid=pickup-picker]");
  await picker.waitFor({ state: "visible", timeout: STEP_MS });
  await page.locator("#checkout-postcode-search").fill(j.brand.address.postcode);
  await picker.locator("button").first().click();
  const list = page.locator("ol#checkout-pickupPointId > li");
  await list.first().waitFor({ state: "visible", timeout: STEP_MS });
  await page
    .waitForFunction(
      () => !document.querySelector("[data-testid=pickup-picker] [role=status]")?.textContent?.includes("…"),
      null,
      { timeout: STEP_MS },
    )
    .catch(() => undefined);
  const status = squash(await picker.locator("[role=status]").innerText());
  const count = await list.count();
  if (!/\d/.test(status)) problems.push(`search status "${status}" gives no number of points`);
  const map = page.locator("[data-testid=pickup-map]");
  assert(await map.isVisible(), "no map ([data-testid=pickup-map])");
  const markers = map.locator("g[data-point]");
  const markerCount = await markers.count();
  assert(markerCount, "the map has no markers");
  // The second marker (when there is one): choosing is not just keeping the first point.
  const marker = markers.nth(Math.min(1, markerCount - 1));
  const id = await marker.getAttribute("data-point");
  await marker.locator("circle").click({ force: true });
  const chosen = page.locator("[data-testid=pickup-chosen]");
  await chosen.waitFor({ state: "visible", timeout: STEP_MS });
  if (!(await page.locator(`input[name=pickupPointId][value="${id}"]`).isChecked()))
    problems.push(`clicking marker ${id} did not check its point in the list`);
  if ((await map.locator(`g[data-point="${id}"]`).getAttribute("data-selected")) !== "true")
    problems.push(`marker ${id} not shown as selected`);
  const name = squash(await page.locator(`label[data-point="${id}"] .font-semibold`).first().innerText());
  if (!squash(await chosen.innerText()).includes(name)) problems.push(`the chosen panel does not name "${name}"`);
  j.seen.pickupPoint = name;
  j.h.log(
    `info  ${j.label} pickup search ${j.brand.address.postcode}: ${count} points, ${markerCount} markers; chose "${name}" on the map`,
  );
  await screenshot(j, "6-step3-pickup-point");
  await submitStep(j);
  await onStep(j, 4);
  const summary = squash(await page.locator("main section").first().innerText());
  if (!summary.includes(name)) problems.push(`step 4 does not show the pickup point "${name}"`);
  return problems.join("; ");
}

/** The line's option labels missing from `text` (a page that shows raw option codes misses them), as a problem. */
function optionsProblem(j: Journey, where: string, text: string) {
  const missing = (j.seen.options ?? []).filter((option) => !text.includes(option));
  if (missing.length) return `${where} does not show the options ${JSON.stringify(missing)} as the cart does`;
}

/** Step 4: an online method (CARD), pay → the sandbox provider's hosted page. */
async function payOnline(j: Journey, shotName = "7-step4-payment"): Promise<string | void> {
  const { page, t } = j;
  const problems: string[] = [];
  await ready(j, "input[name=method]");
  const card = page.locator("input[name=method][value=CARD]");
  assert((await card.count()) === 1, "no CARD payment method");
  await page.locator("label").filter({ has: card }).click();
  if (!(await card.isChecked())) problems.push("CARD not checked after clicking it");
  const button = page.locator("main section form[method=post] button[type=submit]").last();
  const total = squash(
    (await page.locator("[data-testid=checkout-totals] [data-testid=total]").first().textContent()) ?? "",
  );
  const text = squash(await button.innerText());
  if (j.js && text !== t("checkout.payment.pay", { total }))
    problems.push(`pay button reads "${text}", expected "${t("checkout.payment.pay", { total })}"`);
  const money = moneyProblem(j.brand, "order total", [total]);
  if (money) problems.push(money);
  const summary = await page
    .locator("main aside:visible, [data-testid=summary-collapsible]:visible")
    .first()
    .textContent();
  const options = optionsProblem(j, "the checkout summary", squash(summary ?? ""));
  if (options) problems.push(options);
  await screenshot(j, shotName);
  await Promise.all([
    page.waitForURL((url) => url.pathname.includes("/sandbox-payment/"), { timeout: STEP_MS }),
    button.click(),
  ]);
  await page.locator("button[name=intent][value=pay]").waitFor({ state: "visible", timeout: STEP_MS });
  const title = squash(await page.locator("h1").innerText());
  if (title !== t("orders.sandbox.title")) problems.push(`sandbox page title "${title}"`);
  const amount = squash(await page.locator("[data-testid=sandbox-amount]").innerText());
  if (amount !== total) problems.push(`sandbox asks for ${amount}, the order total was ${total}`);
  j.seen.orderId = squash(await page.locator("[data-testid=sandbox-reference]").innerText());
  return problems.join("; ");
}

/** The sandbox page's "Pay" → order completed: number, lines, totals, help topics; header count 0. */
export async function sandboxPay(j: Journey, shotName = "8-sandbox"): Promise<string | void> {
  const { page } = j;
  const problems: string[] = [];
  await ready(j, "button[name=intent][value=pay]");
  await screenshot(j, shotName);
  await Promise.all([
    page.waitForURL((url) => url.pathname.endsWith("/order-completed"), { timeout: STEP_MS }),
    page.locator("button[name=intent][value=pay]").click(),
  ]);
  await page.locator("[data-testid=order-public-id]").waitFor({ state: "visible", timeout: STEP_MS });
  await j.h.settle(page);
  const id = squash(await page.locator("[data-testid=order-public-id]").innerText());
  if (id !== j.seen.orderId) problems.push(`order number ${id}, the sandbox page said ${j.seen.orderId}`);
  if (new URL(page.url()).searchParams.get("order") !== id) problems.push(`URL ${page.url()} is not order ${id}'s`);
  const lines = squash(await page.locator("[data-testid=order-lines]").innerText());
  if (!lines.includes(j.seen.product!)) problems.push(`order lines do not include "${j.seen.product}"`);
  const options = optionsProblem(j, "the order lines", lines);
  if (options) problems.push(options);
  const totals = (await page.locator("[data-testid=order-totals] dd").allInnerTexts())
    .map(squash)
    .filter((text) => /\d/.test(text));
  const money = moneyProblem(j.brand, "order totals", totals);
  if (money) problems.push(money);
  if (j.seen.discount && !squash(await page.locator("[data-testid=order-totals]").innerText()).includes(j.brand.code))
    problems.push(`totals do not show the code ${j.brand.code}`);
  const status = squash(await page.locator("[data-testid=order-payment-status]").innerText());
  if (status !== j.t("orders.paymentStatus.PAID"))
    problems.push(`payment status "${status}", expected "${j.t("orders.paymentStatus.PAID")}"`);
  const topics = await page.locator("[data-testid=order-help-topics] a[href]").count();
  if (!topics) problems.push("no help topics");
  if (
    j.seen.pickupPoint &&
    !squash(await page.locator("[data-testid=order-delivery]").innerText()).includes(j.seen.pickupPoint)
  ) {
    problems.push(`delivery does not name the pickup point "${j.seen.pickupPoint}"`);
  }
  const count = await headerCount(page);
  if (count !== 0) problems.push(`header cart count is ${count} after paying, expected 0`);
  j.h.log(`info  ${j.label} order ${id}: ${totals.join(" / ")}`);
  await screenshot(j, "9-order-completed");
  return problems.join("; ");
}

/** From the order-completed page to tracking: the timeline's current state is "order received", in the brand's language. */
async function tracking(j: Journey): Promise<string | void> {
  const { page, t } = j;
  await ready(j, "[data-testid=order-tracking-link]");
  await Promise.all([
    page.waitForURL((url) => url.pathname.endsWith(`/tracking/${j.seen.orderId}`), { timeout: STEP_MS }),
    page.locator("[data-testid=order-tracking-link]").click(),
  ]);
  const current = page.locator("[data-testid=timeline] [data-current]");
  await current.first().waitFor({ state: "visible", timeout: STEP_MS });
  await j.h.settle(page);
  const problems: string[] = [];
  const text = squash(await current.first().innerText());
  const received = t("tracking.status.0.label");
  if (!text.includes(received)) problems.push(`current timeline state "${text}", expected "${received}"`);
  const options = optionsProblem(j, "the tracking page", squash(await page.locator("main").innerText()));
  if (options) problems.push(options);
  const heading = squash(await page.locator("main h1").innerText());
  if (!heading.includes(j.seen.orderId!)) problems.push(`heading "${heading}" does not name order ${j.seen.orderId}`);
  await screenshot(j, "10-tracking");
  return problems.join("; ");
}

// ---------------------------------------------------------------------------------------------------------------
// Journeys

/** `axe`: a state within the page the step leaves (a refused form, an applied code) to audit; the harness audits every page. */
export type Step = { name: string; run: (j: Journey) => Promise<string | void>; axe?: string };

/**
 * Runs the steps in order, with a screenshot of a failing one. A step that could not be done (it threw: the page did not
 * get where it should) ends the journey, as the later ones depend on it; one that got there but saw something wrong
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

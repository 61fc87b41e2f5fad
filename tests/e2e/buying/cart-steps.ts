import type { Page } from "playwright-core";
import { hydrated } from "../harness.ts";
import { UNKNOWN_CODE } from "./brands.ts";
import { STEP_MS, assert, squash, moneyProblem, type Journey, screenshot, ready, headerCount } from "./journey.ts";

// The cart's steps of a buying journey (each returns a failure reason, or nothing).

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
export async function promotionCodes(j: Journey): Promise<string | void> {
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

import { axeProblems } from "../axe.ts";
import {
  STEP_MS,
  assert,
  squash,
  moneyProblem,
  type Journey,
  screenshot,
  ready,
  headerCount,
  stepTitle,
  onStep,
  firstRadio,
  submitStep,
} from "./journey.ts";

// The checkout's steps of a buying journey, through payment and tracking (each returns a failure reason, or nothing).

export async function goToCheckout(j: Journey): Promise<string | void> {
  await ready(j, "[data-testid=go-to-checkout]");
  await j.page.locator("[data-testid=go-to-checkout]").click();
  await onStep(j, 1);
}

/** Step 1 as a guest private person. */
export async function contactStep(j: Journey): Promise<string | void> {
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
export async function addressStep(j: Journey): Promise<string | void> {
  await ready(j, "#checkout-street");
  await j.page.locator("#checkout-street").fill(j.brand.address.street);
  await j.page.locator("#checkout-postcode").fill(j.brand.address.postcode);
  await j.page.locator("#checkout-city").fill(j.brand.address.city);
  await submitStep(j);
  await onStep(j, 3);
}

/** Step 2: an invalid postcode first (the translated error, the values kept), then a valid one. */
export async function addressStepWithError(j: Journey): Promise<string | void> {
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
export async function homeDelivery(j: Journey): Promise<string | void> {
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
export async function pickupPoint(j: Journey): Promise<string | void> {
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
export async function payOnline(j: Journey, shotName = "7-step4-payment"): Promise<string | void> {
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

/**
 * From the order-completed page to tracking: the timeline's current state is "order received", in the brand's language.
 */
export async function tracking(j: Journey): Promise<string | void> {
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

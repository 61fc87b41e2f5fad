import type { Page } from "playwright-core";
import { DEMO_PASSWORD, demoEmail } from "../accounts/journey.ts";
import { evidenceShot, hydrated } from "../harness.ts";
import { STEP_MS, type Journey, shotPath } from "./journey.ts";

// Saving the design, adding it to the cart, buying it and finding it on the order.

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

/**
 * Saved under its name (the URL then names the design); added to the cart: its checks pass, its preview is uploaded,
 * and the cart shows it (the print file is made on the server once ordered).
 */
export async function saveAndOrder(j: Journey): Promise<string | void> {
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

/**
 * Signs in as the brand's demo customer (the guest's design and cart follow), checks out with home delivery and pays in
 * the sandbox.
 */
export async function buy(j: Journey): Promise<string | void> {
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

/**
 * The design's preview on order completed and on tracking (the order's own copy), and the design in /accounts/designs.
 */
export async function orderShowsDesign(j: Journey): Promise<string | void> {
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

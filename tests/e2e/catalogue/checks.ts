import { NAVIGATION_MS, evidenceShot, hydrated } from "../harness.ts";
import { TIER_QUANTITY, type Walk, shot } from "./walk.ts";

// The catalogue journey's longer checks: the product page (step 3) and a help topic (step 5), each the check's body.

/** Step 3: size option and quantity tier change the live price; add to cart; delivery. */
export function productCheck({ h, page, brand, origin, home, label, viewport, seen }: Walk, categoryOk: boolean) {
  return async () => {
    // From the category page of step 2; if that step failed, from a fresh load of its category (or of the home page).
    if (!categoryOk || (await page.locator("main article h3 a[href]").count()) === 0) {
      await page.goto(seen.category ? `${origin}${seen.category}` : home, { waitUntil: "load" });
      await h.settle(page);
    }
    const card = page.locator("main article h3 a[href]").first();
    await card.waitFor({ state: "visible" });
    const href = await card.getAttribute("href");
    await hydrated(page);
    await Promise.all([page.waitForURL((url) => url.pathname === href), card.click()]);
    seen.product = href ?? undefined;
    const live = page.locator("[data-testid=live-price]");
    await live.waitFor({ state: "visible", timeout: NAVIGATION_MS });
    await h.settle(page);
    await hydrated(page, "input[name=quantity]");
    const problems: string[] = [];
    const prices = [(await live.innerText()).trim()];
    const changed = async (what: string) => {
      const before = prices[prices.length - 1]!;
      await page
        .waitForFunction(
          (old) => document.querySelector("[data-testid=live-price]")?.textContent?.trim() !== old,
          before,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
      const after = (await live.innerText()).trim();
      prices.push(after);
      if (after === before) problems.push(`live price stayed "${before}" after ${what}`);
    };

    // Another size: prefer one with a surcharge ("+…"), which must change the price.
    const sizes = page.locator("label").filter({ has: page.locator("input[name=option_size]:not(:checked)") });
    const sizeCount = await sizes.count();
    if (sizeCount > 0) {
      const texts = await sizes.allInnerTexts();
      const withSurcharge = texts.findIndex((label) => label.includes("+"));
      // Pin the choice by its value: the :not(:checked) filter would move on to another label once this one is checked.
      const value = await sizes.nth(Math.max(0, withSurcharge)).locator("input").getAttribute("value");
      const radio = page.locator(`input[name=option_size][value="${value}"]`);
      const size = page.locator("label").filter({ has: radio });
      const name = (await size.innerText()).replace(/\s+/g, " ").trim();
      await size.click();
      if (!(await radio.isChecked())) problems.push(`size "${name}" not checked after clicking its label`);
      await changed(`choosing size "${name}"`);
    } else {
      h.log(`info  ${label} ${href} has no other size (no unchecked input[name=option_size]); size step skipped`);
    }

    const quantity = page.locator("input[name=quantity]");
    await quantity.fill(String(TIER_QUANTITY));
    if ((await quantity.inputValue()) !== String(TIER_QUANTITY))
      problems.push(`quantity shows "${await quantity.inputValue()}" after filling ${TIER_QUANTITY}`);
    await changed(`setting the quantity to ${TIER_QUANTITY}`);
    const unitLine = (await live.locator("xpath=following-sibling::p[1]").innerText()).trim();
    if (!/%/.test(unitLine))
      problems.push(`no tier discount shown next to the price at quantity ${TIER_QUANTITY}: "${unitLine}"`);

    // Adding runs through a fetcher: no page load, a confirmation with a link to the cart, and the header count grows.
    const cart = page.locator("[data-testid=add-to-cart]");
    const countNow = async () => Number((await page.locator("[data-testid=cart-count]").first().innerText()).trim());
    if ((await cart.count()) !== 1) problems.push(`expected one add-to-cart button, found ${await cart.count()}`);
    else if (await cart.isDisabled()) problems.push("add-to-cart button is disabled");
    else {
      const before = await countNow();
      const url = page.url();
      await cart.click();
      const added = page.locator("[data-testid=added-to-cart]");
      await added.waitFor({ state: "visible", timeout: NAVIGATION_MS }).catch(() => undefined);
      if (!(await added.isVisible())) problems.push("no [data-testid=added-to-cart] confirmation after adding");
      else if ((await added.locator('a[href$="/cart"]').count()) !== 1)
        problems.push("the confirmation has no link to the cart");
      await page
        .waitForFunction(
          (old) => Number(document.querySelector("[data-testid=cart-count]")?.textContent?.trim()) > old,
          before,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
      const after = await countNow();
      if (after !== before + TIER_QUANTITY)
        problems.push(`header cart count went ${before} → ${after}, expected +${TIER_QUANTITY}`);
      if (page.url() !== url) problems.push(`adding left the page for ${page.url()}`);
    }
    const delivery = page.locator("[data-testid=delivery-estimate]");
    if (!(await delivery.isVisible())) problems.push("[data-testid=delivery-estimate] not visible");
    else if (!/\d/.test(await delivery.innerText()))
      problems.push(`delivery estimate "${await delivery.innerText()}" has no dates`);
    h.log(`info  ${label} ${href} live price: ${prices.join(" → ")}`);
    await h.loadLazyImages(page);
    await evidenceShot(h, page, shot(h, brand, viewport, "3-product"));
    return problems.join("; ");
  };
}

/** Step 5: a help topic from its payload, and a vote. */
export function helpTopicCheck({ h, page, brand, origin, viewport, text, seen }: Walk) {
  return async () => {
    const response = await page.goto(`${origin}${brand.prefix}/help-center`, { waitUntil: "load" });
    if (response?.status() !== 200) return `help centre status ${response?.status()}`;
    await h.settle(page);
    await hydrated(page);
    const topic = page.locator('main a[href*="/help-center/topic/"]').first();
    const href = await topic.getAttribute("href");
    const title = (await topic.innerText()).trim();
    // A prerendered page's data comes from its payload, not the server's loaders (docs/decisions/0039).
    const payloads: string[] = [];
    const onResponse = (response: { url: () => string; status: () => number }) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith("_payload.json") || url.pathname.endsWith(".data"))
        payloads.push(`${response.status()} ${url.pathname}${decodeURIComponent(url.search)}`);
    };
    page.on("response", onResponse);
    await Promise.all([page.waitForURL((url) => url.pathname === href), topic.click()]);
    seen.topic = href ?? undefined;
    const problems: string[] = [];
    await page.locator("main h1").waitFor({ state: "visible", timeout: NAVIGATION_MS });
    page.off("response", onResponse);
    if (!payloads.includes(`200 ${href}/_payload.json`))
      problems.push(`the topic's data did not come from its payload: ${payloads.join(", ") || "no request"}`);
    // The layout's and the root's data may still be asked of the server; the topic's own loader is not.
    if (payloads.some((request) => request.includes(".data") && !/_routes=/.test(request)))
      problems.push(`the topic's loader was asked on the server too: ${payloads.join(", ")}`);
    if (payloads.some((request) => request.includes(".data") && /_routes=[^ ]*help-topic/.test(request)))
      problems.push(`the topic's loader was asked on the server too: ${payloads.join(", ")}`);
    const h1 = page.locator("main h1");
    await page.locator("main button[name=helpful]").first().waitFor({ state: "visible", timeout: NAVIGATION_MS });
    if ((await h1.innerText()).trim() !== title) problems.push(`h1 "${await h1.innerText()}" ≠ link "${title}"`);
    if (!(await page.getByText(text.help.wasHelpful, { exact: true }).isVisible()))
      problems.push(`"${text.help.wasHelpful}" not visible`);
    const yes = page.locator("main button[name=helpful][value=yes]");
    const no = page.locator("main button[name=helpful][value=no]");
    if (!(await yes.isVisible()) || !(await no.isVisible())) problems.push("yes/no buttons not both visible");
    if ((await yes.innerText()).trim() !== text.help.yes) problems.push(`yes button reads "${await yes.innerText()}"`);
    await h.settle(page);
    await hydrated(page, "main button[name=helpful]");
    await yes.click();
    const status = page.locator("main [role=status]");
    await status.waitFor({ state: "visible", timeout: 10_000 });
    const said = (await status.innerText()).trim();
    if (said !== text.help.thanks) problems.push(`status says "${said}", expected "${text.help.thanks}"`);
    if (new URL(page.url()).pathname !== href) problems.push(`voting moved to ${page.url()}`);
    await evidenceShot(h, page, shot(h, brand, viewport, "5-help-topic"));
    return problems.join("; ");
  };
}

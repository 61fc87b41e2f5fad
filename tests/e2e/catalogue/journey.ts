import type { Page, Route } from "playwright-core";
import { type Part, SCREENSHOT_MS, evidenceShot, parsePrice, hydrated, errorsSince } from "../harness.ts";
import {
  type Found,
  GIBBERISH,
  type JourneyBrand,
  type Walk,
  assert,
  idleScriptSeconds,
  newHeading,
  shot,
  strings,
} from "./walk.ts";
import { productCheck, helpTopicCheck } from "./checks.ts";

// The catalogue journey: home, a category with a filter, a product with options, search, a help topic.

export async function journey(
  h: Part,
  page: Page,
  brand: JourneyBrand,
  origin: string,
  label: string,
  viewport: "phone" | "desktop",
) {
  const text = strings(brand.locale);
  const errors = h.trackErrors(page);
  const home = `${origin}${brand.prefix || "/"}`;
  const seen: Found = {};
  let ok = true;
  let mark = 0;
  const walk: Walk = { h, page, brand, origin, home, label, viewport, text, seen };
  /** What the page looked like when a step failed: `{brand}-{viewport}-{step}-failed.png`. */
  const failedShot = async (ok: boolean, step: string) => {
    if (!ok)
      await page
        .screenshot({ timeout: SCREENSHOT_MS, path: shot(h, brand, viewport, `${step}-failed`) })
        .catch(() => undefined);
  };
  const noErrors = (step: string) =>
    h.check(`${label} no console/page errors: ${step}`, () => {
      const list = errorsSince(errors, mark);
      mark = errors.length;
      if (list.length) return `${list.length}: ${list.slice(0, 3).join(" | ")}`;
    });

  // 1. Home ------------------------------------------------------------------------------------------------------
  const homeOk = await h.check(
    `${label} 1 home: category links, priced product cards, offers, reviews summary`,
    async () => {
      const response = await page.goto(home, { waitUntil: "load" });
      if (response?.status() !== 200) return `status ${response?.status()}`;
      const problems: string[] = [];
      const categories = page.locator("#categories-title").locator("xpath=..").locator("a[href]");
      if ((await categories.count()) === 0) problems.push("no links in the categories section");
      const cards = page.locator("main article").filter({ has: page.locator("[data-testid=price]") });
      const prices = await page.locator("main article [data-testid=price]").allInnerTexts();
      if ((await cards.count()) === 0) problems.push("no product cards with [data-testid=price]");
      const unpriced = prices.filter((price) => !(parsePrice(price) > 0));
      if (unpriced.length) problems.push(`prices without an amount: ${JSON.stringify(unpriced.slice(0, 3))}`);
      const offers = page.locator("#offers-title").locator("xpath=..");
      if (!(await page.locator("#offers-title").isVisible()))
        problems.push("no visible offers section (#offers-title)");
      else if ((await offers.locator("li").count()) === 0) problems.push("offers section has no offers");
      const summary = page.locator("[data-testid=reviews-summary]");
      await summary.waitFor({ state: "visible", timeout: 10_000 }).catch(() => undefined);
      if (!(await summary.isVisible())) problems.push("[data-testid=reviews-summary] did not stream in");
      else if (!/\d/.test(await summary.innerText()))
        problems.push(`reviews summary "${await summary.innerText()}" has no numbers`);
      await h.loadLazyImages(page);
      await evidenceShot(h, page, shot(h, brand, viewport, "1-home"));
      return problems.join("; ");
    },
  );
  await noErrors("home");
  if (!homeOk) return;
  await h.check(`${label} 1 home: main thread idle after hydration (no render loop)`, async () => {
    await h.settle(page);
    await hydrated(page);
    const busy = await idleScriptSeconds(page);
    if (busy > 0.25) return `${busy.toFixed(2)} s of script in 1 s of idling: something re-renders in a loop`;
  });

  // 2. Category with a filter --------------------------------------------------------------------------------------
  ok = await h.check(`${label} 2 category: sort=price_asc gives ascending prices, then clear filters`, async () => {
    await h.settle(page);
    await hydrated(page);
    const links = page.locator("#categories-title").locator("xpath=..").locator("a[href]");
    const count = await links.count();
    let listed = false;
    // The first category that lists products (design lists and landings have no price sort).
    for (let index = 0; index < count && !listed; index++) {
      const href = await links.nth(index).getAttribute("href");
      const homeTitle = (await page.locator("main h1").innerText()).trim();
      await Promise.all([page.waitForURL((url) => url.pathname === href), links.nth(index).click()]);
      await newHeading(page, homeTitle);
      await page.locator("#categories-title").waitFor({ state: "detached" });
      listed = (await page.locator("select[name=sort]").count()) > 0;
      if (!listed) {
        await page.goBack({ waitUntil: "load" });
        await page.locator("#categories-title").waitFor();
      }
    }
    assert(listed, `none of the ${count} category links leads to a list with select[name=sort]`);
    seen.category = new URL(page.url()).pathname;
    const form = page.locator(`form[aria-label="${text.catalogue.filters}"]`);
    assert(
      (await form.count()) === 1,
      `expected one form[aria-label="${text.catalogue.filters}"], found ${await form.count()}`,
    );
    await hydrated(page, "select[name=sort]");
    await form.locator("select[name=sort]").selectOption("price_asc");
    const clear = form.getByRole("link", { name: text.catalogue.clear });
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("sort") === "price_asc"),
      form.locator("button[type=submit]").click(),
    ]);
    // The clear link renders with the filtered list, so once it shows, the list on screen is the sorted one.
    await clear.waitFor({ state: "visible" });
    await h.settle(page);
    const problems: string[] = [];
    if (!page.url().includes("sort=price_asc")) problems.push(`URL ${page.url()} has no sort=price_asc`);
    const selected = await page.locator("select[name=sort]").inputValue();
    if (selected !== "price_asc") problems.push(`sort select shows "${selected}" after submit`);
    const prices = (await page.locator("main [data-testid=price]").allInnerTexts()).map(parsePrice);
    if (prices.length < 2) problems.push(`only ${prices.length} prices listed`);
    const outOfOrder = prices.findIndex((price, index) => index > 0 && price < prices[index - 1]!);
    if (outOfOrder > 0) problems.push(`prices not ascending: ${JSON.stringify(prices)}`);
    await h.loadLazyImages(page);
    await evidenceShot(h, page, shot(h, brand, viewport, "2-category-sorted"));

    await Promise.all([page.waitForURL((url) => url.search === ""), clear.click()]);
    await clear.waitFor({ state: "detached" });
    await h.settle(page);
    if (new URL(page.url()).search) problems.push(`URL still has ${new URL(page.url()).search} after clearing`);
    return problems.join("; ");
  });
  await failedShot(ok, "2-category");
  const categoryOk = ok;
  ok = await h.check(`${label} 2 category: the filter form shows the default sort again after clearing`, async () => {
    if (!seen.category || new URL(page.url()).search) return "not on the cleared category page (see the check above)";
    const shown = await page.locator("select[name=sort]").inputValue();
    if (shown === "price_asc")
      return `URL ${new URL(page.url()).pathname} has no sort, but select[name=sort] still shows "price_asc"`;
  });
  await failedShot(ok, "2-category-cleared");
  await noErrors("category");

  // 3. Product with options ------------------------------------------------------------------------------------------
  ok = await h.check(
    `${label} 3 product: size option and quantity tier change the live price; add to cart (header count, confirmation); delivery`,
    productCheck(walk, categoryOk),
  );
  await failedShot(ok, "3-product");
  await noErrors("product");

  // 4. Search
  //   ----------------------------------------------------------------------------------------------------------
  const searchPath = `${brand.prefix}/search`;
  ok = await h.check(`${label} 4 search suggestions: type "${brand.word}", ArrowDown, Enter navigates`, async () => {
    await page.goto(home, { waitUntil: "load" });
    await hydrated(page);
    const before = page.url();
    const homeTitle = (await page.locator("main h1").innerText()).trim();
    const input = page.locator("header").getByRole("combobox");
    await input.click();
    // Suggestions for a prefix ("kub") can arrive first and be replaced by the whole word's, which drops a highlight
    // made in between: highlight only once the whole word's answer is in.
    const whole = page.waitForResponse(
      (response) =>
        response.url().includes("/api/search/suggest?") &&
        new URL(response.url()).searchParams.get("query") === brand.word,
      { timeout: 10_000 },
    );
    await input.pressSequentially(brand.word, { delay: 120 });
    const wholeNames = ((await (await whole).json()) as { items: { name: string }[] }).items.map((item) => item.name);
    const listbox = page.getByRole("listbox");
    await listbox.waitFor({ state: "visible", timeout: 10_000 });
    await page
      .waitForFunction(
        (wanted) => {
          const shown = Array.from(
            document.querySelectorAll("[role=listbox] [role=option]"),
            (option) => (option as HTMLElement).innerText,
          );
          return shown.length === wanted.length && shown.every((text, index) => text.includes(wanted[index]!));
        },
        wholeNames,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    const options = listbox.getByRole("option");
    await options.first().waitFor({ state: "visible" });
    const names = (await options.allInnerTexts()).map((name) => name.replace(/\s+/g, " ").trim());
    await evidenceShot(h, page, shot(h, brand, viewport, "4-search-suggestions"), { fullPage: false });
    await input.press("ArrowDown");
    const problems: string[] = [];
    await page
      .waitForFunction((element) => !!element?.getAttribute("aria-activedescendant"), await input.elementHandle(), {
        timeout: 3_000,
      })
      .catch(() => undefined);
    const active = await input.getAttribute("aria-activedescendant");
    if (!active) problems.push("no aria-activedescendant after ArrowDown");
    else if ((await page.locator(`[id="${active}"]`).getAttribute("aria-selected")) !== "true")
      problems.push(`#${active} not aria-selected`);
    await Promise.all([page.waitForURL((url) => url.href !== before), input.press("Enter")]);
    if (new URL(page.url()).pathname === searchPath)
      problems.push("Enter submitted the search instead of opening the highlighted suggestion");
    const title = await newHeading(page, homeTitle);
    h.log(
      `info  ${label} suggestions for "${brand.word}": ${names.length} (${names.slice(0, 3).join(" / ")}) → ${new URL(page.url()).pathname} "${title}"`,
    );
    if (await listbox.isVisible()) problems.push("listbox still open after choosing a suggestion");
    return problems.join("; ");
  });
  await failedShot(ok, "4-search-suggestions");
  // Suggestion answers are held back until the results page shows (a slow network), so the next check sees what a
  // suggestion request still in flight at submit time does, whatever the machine's speed.
  let releaseSuggestions = () => {};
  const held = new Promise<void>((done) => (releaseSuggestions = done));
  const holdSuggestions = async (route: Route) => {
    await held;
    await route.continue().catch(() => undefined);
  };
  await page.route("**/api/search/suggest?*", holdSuggestions);
  ok = await h.check(
    `${label} 4 search: Enter without a suggestion → ${searchPath}?query=${brand.word} with hits`,
    async () => {
      await hydrated(page);
      const input = page.locator("header").getByRole("combobox");
      await input.fill("");
      await input.fill(brand.word);
      await Promise.all([
        page.waitForURL((url) => url.pathname === searchPath && url.searchParams.get("query") === brand.word),
        input.press("Enter"),
      ]);
      const hits = page.locator("[data-testid=search-hit]");
      await hits.first().waitFor({ state: "visible" });
      const problems: string[] = [];
      if (!(await page.locator("main h1").isVisible())) problems.push("no visible h1");
      await h.loadLazyImages(page);
      await evidenceShot(h, page, shot(h, brand, viewport, "4-search-results"));
      h.log(`info  ${label} ${searchPath}?query=${brand.word}: ${await hits.count()} hits`);
      return problems.join("; ");
    },
  );
  await failedShot(ok, "4-search-results");
  ok = await h.check(
    `${label} 4 search: a suggestion answer arriving after Enter does not open the listbox over the results`,
    async () => {
      if (new URL(page.url()).pathname !== searchPath) return "not on the results page (see the check above)";
      releaseSuggestions();
      await page.waitForTimeout(800);
      if (await page.getByRole("listbox").isVisible()) {
        return `the suggestion listbox (${await page.getByRole("option").count()} options) opened over the results after submitting`;
      }
    },
  );
  await failedShot(ok, "4-search-late-suggestions");
  releaseSuggestions();
  await page.unroute("**/api/search/suggest?*", holdSuggestions);
  ok = await h.check(`${label} 4 search: a gibberish query shows [data-testid=search-empty]`, async () => {
    await hydrated(page);
    const input = page.locator("header").getByRole("combobox");
    await input.fill(GIBBERISH);
    await Promise.all([
      page.waitForURL((url) => url.pathname === searchPath && url.searchParams.get("query") === GIBBERISH),
      input.press("Enter"),
    ]);
    await page.locator("[data-testid=search-empty]").waitFor({ state: "visible" });
    const hits = await page.locator("[data-testid=search-hit]").count();
    await evidenceShot(h, page, shot(h, brand, viewport, "4-search-empty"));
    if (hits) return `${hits} hits shown beside the empty state`;
  });
  await failedShot(ok, "4-search-empty");
  await noErrors("search");

  // 5. Help topic
  //   --------------------------------------------------------------------------------------------------------
  ok = await h.check(
    `${label} 5 help topic: h1, "${text.help.wasHelpful}" buttons, vote yes → status`,
    helpTopicCheck(walk),
  );
  await failedShot(ok, "5-help-topic");
  await noErrors("help");
}

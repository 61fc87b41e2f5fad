// Catalogue journeys (home → category with a filter → product with options → search → help topic) in three brands,
// at phone and desktop size, and a pass over every page type at desktop size (the harness audits each page with axe-core).
// Imported by run.ts, which owns the server, the browser and the PASS/FAIL reporting (passed in as `Harness`).
// The nine parts (3 brands × phone journey, desktop journey, page types) run a few at a time in their own browser
// contexts; each part's PASS/FAIL/info lines are buffered and printed in a fixed order, so the log reads sequentially.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const NOT_FOUND_PATH = "/this-page-does-not-exist/at-all";

export type Viewport = { width: number; height: number };
export type Harness = {
  screenshots: string;
  viewports: Record<"phone" | "desktop", Viewport>;
  record: (ok: boolean, name: string, detail?: string) => void;
  settle: (page: Page) => Promise<void>;
  loadLazyImages: (page: Page) => Promise<void>;
  trackErrors: (page: Page) => string[];
};

/** One part of the catalogue run: the harness with its reporting buffered until `flush`. */
export type Part = Harness & {
  check: (name: string, fn: () => Promise<string | void> | string | void) => Promise<boolean>;
  log: (line: string) => void;
};

export function part(h: Harness): { p: Part; flush: () => void } {
  const lines: (() => void)[] = [];
  const record = (ok: boolean, name: string, detail = "") => void lines.push(() => h.record(ok, name, detail));
  const check = async (name: string, fn: () => Promise<string | void> | string | void) => {
    try {
      const problem = await fn();
      record(!problem, name, problem || "");
      return !problem;
    } catch (error) {
      record(false, name, message(error));
      return false;
    }
  };
  const log = (line: string) => void lines.push(() => console.log(line));
  return { p: { ...h, record, check, log }, flush: () => lines.splice(0).forEach((line) => line()) };
}

/** How many parts run at once (E2E_CONCURRENCY), catalogue and buying together; two cores, and the pages mostly wait. */
export const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 3));
/** A client-side navigation to a local server renders well within this; a stuck one fails without eating the budget. */
export const NAVIGATION_MS = 8_000;
/** Full-page screenshots of long pages take seconds on a busy 2-core machine; they are evidence, not what is tested. */
export const SCREENSHOT_MS = 30_000;

/**
 * A screenshot as evidence (full page unless told): one that times out on a busy machine is logged as a warning, not
 * failed, since what it shows is checked apart (a full-page shot of a long phone page once took over 30 s in CI).
 */
export async function evidenceShot(h: Pick<Part, "log">, page: Page, path: string, { fullPage = true } = {}) {
  await page
    .screenshot({ timeout: SCREENSHOT_MS, path, fullPage })
    .catch((error: unknown) => h.log(`warn  screenshot ${path}: ${message(error)}`));
}

type JourneyBrand = {
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
const GIBBERISH = "qzxvwq jjkkyy";
/** A quantity that reaches a quantity tier on every seeded product (their tiers start at 2–10 items). */
const TIER_QUANTITY = 10;

// ---------------------------------------------------------------------------------------------------------------
// Helpers

type Strings = {
  catalogue: { filters: string; clear: string };
  help: { wasHelpful: string; yes: string; no: string; thanks: string };
};
function strings(locale: string): Strings {
  return translations(locale) as Strings;
}

type Tree = { [key: string]: string | Tree };
function deepMerge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    into[key] = typeof value === "object" && typeof current === "object" ? deepMerge(current, value) : value;
  }
  return into;
}

/** A locale's strings as the app sees them: general.json with every per-feature file (cart.json, …) deep-merged in. */
export function translations(locale: string): Tree {
  const folder = join(ROOT, "locales", locale);
  const files = [
    "general.json",
    ...readdirSync(folder)
      .filter((file) => file.endsWith(".json") && file !== "general.json")
      .sort(),
  ];
  return files.reduce(
    (merged, file) => deepMerge(merged, JSON.parse(readFileSync(join(folder, file), "utf8")) as Tree),
    {} as Tree,
  );
}

/** "od 1 299,99 zł", "desde 11,95 €", "from DKK 1,299" → 1299.99, 11.95, 1299. */
export function parsePrice(text: string): number {
  const match = text.match(/\d[\d.,\s\u00a0\u202f]*\d|\d/);
  if (!match) return Number.NaN;
  const raw = match[0].replace(/[\s\u00a0\u202f]/g, "");
  const decimals = raw.match(/[.,](\d{1,2})$/);
  const whole = (decimals ? raw.slice(0, -decimals[0].length) : raw).replace(/[.,]/g, "");
  return Number(`${whole}.${decimals ? decimals[1] : "0"}`);
}

/** React has hydrated once the element carries React's internal props (so handlers run and controlled inputs stick). */
export async function hydrated(page: Page, selector = "header [role=combobox]") {
  await page.waitForFunction(
    (css) => {
      const element = document.querySelector(css);
      return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps$"));
    },
    selector,
    { timeout: 10_000 },
  );
}

/** Waits until the main heading is visible and no longer `old` (a client navigation has rendered its new page). */
async function newHeading(page: Page, old: string, timeout = NAVIGATION_MS) {
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
async function idleScriptSeconds(page: Page, ms = 1_000) {
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

/** Errors seen since the last call (favicon failures ignored; on the 404 page also the document's own 404). */
export function errorsSince(errors: string[], from: number, ignoreUrl?: string) {
  return errors
    .slice(from)
    .filter((error) => !/favicon/i.test(error))
    .filter((error) => !(ignoreUrl && error.includes("status of 404") && error.includes(ignoreUrl)));
}

function shot(h: Part, brand: JourneyBrand, viewport: string, step: string) {
  return join(h.screenshots, `${brand.slug.toLowerCase()}-${viewport}-${step}.png`);
}

export function message(error: unknown) {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}

type Found = { category?: string; product?: string; topic?: string };

// ---------------------------------------------------------------------------------------------------------------
// The journey

async function journey(
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
    async () => {
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
    },
  );
  await failedShot(ok, "3-product");
  await noErrors("product");

  // 4. Search ----------------------------------------------------------------------------------------------------------
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

  // 5. Help topic --------------------------------------------------------------------------------------------------------
  ok = await h.check(`${label} 5 help topic: h1, "${text.help.wasHelpful}" buttons, vote yes → status`, async () => {
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
  });
  await failedShot(ok, "5-help-topic");
  await noErrors("help");
}

function assert(condition: unknown, text: string): asserts condition {
  if (!condition) throw new Error(text);
}

// ---------------------------------------------------------------------------------------------------------------
// Every page type, once per brand at desktop size: it answers, and without console errors (the harness audits each
// page it opens with axe-core: axe.ts)

async function pageTypes(h: Part, browser: Browser, brand: JourneyBrand, origin: string) {
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

// ---------------------------------------------------------------------------------------------------------------
// Entry point

/**
 * Slots shared by every pool (catalogue and buying run side by side): at most CONCURRENCY parts run at once; a free
 * slot goes to the waiting part of the highest priority, first come first served within a priority.
 */
let freeSlots = CONCURRENCY;
const waiting: { resume: () => void; priority: number }[] = [];
async function withSlot<T>(run: () => Promise<T>, priority: number): Promise<T> {
  if (freeSlots > 0) freeSlots--;
  else await new Promise<void>((resume) => waiting.push({ resume, priority }));
  try {
    return await run();
  } finally {
    const best = waiting.reduce(
      (found, entry, index) => (found < 0 || entry.priority > waiting[found]!.priority ? index : found),
      -1,
    );
    if (best >= 0) waiting.splice(best, 1)[0]!.resume();
    else freeSlots++;
  }
}

/**
 * Runs the parts `size` at a time, within the shared CONCURRENCY slots at `priority`; a part's buffered lines are
 * printed once `printAfter` has settled (run.ts's own checks print live meanwhile) and every earlier part's lines are out.
 */
export async function inPool(
  parts: { run: () => Promise<void>; flush: () => void }[],
  size: number,
  printAfter: Promise<unknown>,
  priority = 0,
) {
  const done = parts.map(() => false);
  let printing = false;
  let printed = 0;
  let next = 0;
  const print = () => {
    while (printing && printed < parts.length && done[printed]) parts[printed++]!.flush();
  };
  void printAfter.finally(() => {
    printing = true;
    print();
  });
  const worker = async () => {
    while (next < parts.length) {
      const index = next++;
      await withSlot(() => parts[index]!.run(), priority);
      done[index] = true;
      print();
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, parts.length) }, worker));
  await printAfter.catch(() => undefined);
  printing = true;
  print();
}

export async function runCatalogue(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
) {
  const parts: { run: () => Promise<void>; flush: () => void }[] = [];
  for (const brand of JOURNEY_BRANDS) {
    const origin = `http://${brand.slug.toLowerCase()}.localhost:${port}`;
    for (const viewport of ["phone", "desktop"] as const) {
      const { p, flush } = part(h);
      const label = `[${brand.slug} ${viewport} catalogue]`;
      const run = async () => {
        let context: BrowserContext | null = null;
        const started = Date.now();
        try {
          context = await browser.newContext({ viewport: h.viewports[viewport], locale: "en-US" });
          // The brands run side by side: on a loaded two-core CI machine one step (a client navigation) has taken over 10 s.
          context.setDefaultTimeout(20_000);
          await journey(p, await context.newPage(), brand, origin, label, viewport);
        } catch (error) {
          p.record(false, `${label} unexpected error`, message(error));
        } finally {
          await context?.close().catch(() => undefined);
          p.log(`info  ${label} took ${((Date.now() - started) / 1000).toFixed(1)}s`);
        }
      };
      parts.push({ run, flush });
    }
    const { p, flush } = part(h);
    const run = async () => {
      const started = Date.now();
      await pageTypes(p, browser, brand, origin);
      p.log(`info  [${brand.slug} page types] took ${((Date.now() - started) / 1000).toFixed(1)}s`);
    };
    parts.push({ run, flush });
  }
  const started = Date.now();
  await inPool(parts, CONCURRENCY, printAfter);
  console.log(
    `info  catalogue journeys and page types took ${Math.round((Date.now() - started) / 1000)}s (${CONCURRENCY} at a time)`,
  );
}

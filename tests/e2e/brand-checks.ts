import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { SCREENSHOT_MS } from "./harness.ts";
import { record, check, assert } from "./reporting.ts";
import { ROOT, SCREENSHOTS } from "./server.ts";
import { settle, loadLazyImages, trackErrors } from "./browser.ts";

// The brands' own checks (E2E_ONLY=brands): home, the language switch, the 404 and error screens, without JavaScript.

const NOT_FOUND_PATH = "/this-page-does-not-exist/at-all";
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

type Currency = "PLN" | "EUR" | "DKK" | "CZK";
type BrandCase = { slug: string; name: string; locale: string; tag: string; language: string; currency: Currency };

/** The expectations, written out independently of app/lib/brand/brands.ts. */
export const BRANDS: BrandCase[] = [
  { slug: "WPX-PL", name: "WPX Polska", locale: "pl", tag: "pl-PL", language: "Polski", currency: "PLN" },
  { slug: "WPX-ES", name: "WPX España", locale: "es", tag: "es-ES", language: "Español", currency: "EUR" },
  { slug: "WPX-IT", name: "WPX Italia", locale: "it", tag: "it-IT", language: "Italiano", currency: "EUR" },
  { slug: "WPX-DK", name: "WPX Danmark", locale: "da", tag: "da-DK", language: "Dansk", currency: "DKK" },
  { slug: "WPX-FR", name: "WPX France", locale: "fr", tag: "fr-FR", language: "Français", currency: "EUR" },
  { slug: "TZ-ES", name: "Tazzo Estudio", locale: "es", tag: "es-ES", language: "Español", currency: "EUR" },
  { slug: "WPX-PT", name: "WPX Portugal", locale: "pt", tag: "pt-PT", language: "Português", currency: "EUR" },
  { slug: "WPX-CZ", name: "WPX Česko", locale: "cs", tag: "cs-CZ", language: "Čeština", currency: "CZK" },
];
const CURRENCY_SYMBOL: Record<Currency, string> = { PLN: "zł", EUR: "€", DKK: "kr.", CZK: "Kč" };
const NO_DECIMALS: Currency[] = ["DKK", "CZK"];
const ENGLISH_FOOTER = "Prices include VAT.";

// Translations the checks look for (the app's own locale files, so wording changes do not break the run)

type General = { locale: { current: string }; errors: { backHome: string } };
function general(locale: string): General {
  return JSON.parse(readFileSync(join(ROOT, "locales", locale, "general.json"), "utf8")) as General;
}
function currentLanguageLabel(brand: BrandCase) {
  return general(brand.locale).locale.current.replace("{{language}}", brand.language);
}

async function homeChecks(page: Page, brand: BrandCase, origin: string, label: string, viewport: ViewportName) {
  const errors = trackErrors(page);
  const loaded = await check(`${label} home loads (200)`, async () => {
    const response = await page.goto(`${origin}/`, { waitUntil: "load" });
    await settle(page);
    const status = response?.status();
    if (status !== 200) return `status ${status}`;
  });
  if (!loaded) return false;

  await check(`${label} <html lang="${brand.tag}">`, async () => {
    const lang = await page.locator("html").getAttribute("lang");
    if (lang !== brand.tag) return `got lang="${lang}"`;
  });

  await check(`${label} header shows "${brand.name}"`, async () => {
    const name = page.locator("header").getByText(brand.name, { exact: true });
    if ((await name.count()) === 0) return "brand name not in <header>";
    if (!(await name.first().isVisible())) return "brand name in <header> is not visible";
  });

  await check(`${label} prices in ${brand.currency} (${CURRENCY_SYMBOL[brand.currency]})`, async () => {
    const prices = (await page.locator("[data-testid=price]").allInnerTexts()).map((text) => text.trim());
    if (prices.length === 0) return "no [data-testid=price] elements";
    const symbol = CURRENCY_SYMBOL[brand.currency];
    const wrongCurrency = prices.filter((text) => !text.includes(symbol));
    if (wrongCurrency.length) return `without "${symbol}": ${JSON.stringify(wrongCurrency.slice(0, 3))}`;
    if (NO_DECIMALS.includes(brand.currency)) {
      const withDecimals = prices.filter((text) => /\d[.,]\d{2}(?!\d)/.test(text));
      if (withDecimals.length) return `decimals shown: ${JSON.stringify(withDecimals.slice(0, 3))}`;
    }
  });

  await check(`${label} no horizontal overflow`, async () => {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    if (scrollWidth > clientWidth) return `page is ${scrollWidth}px wide in a ${clientWidth}px viewport`;
  });

  await loadLazyImages(page);
  const shotTaken = await evidenceShot(
    label,
    page,
    join(SCREENSHOTS, `${brand.slug.toLowerCase()}-${viewport}-home.png`),
  );

  await check(`${label} no console errors on home`, () => {
    if (errors.length) return `${errors.length}: ${errors.slice(0, 3).join(" | ")}`;
  });
  return shotTaken ? "reuse" : "fresh page";
}

/**
 * A screenshot as evidence: what it shows is checked apart, so one that times out is a warning, not a failure. The
 * page it stalled on is not used again (in two CI runs a phone page whose full-page capture passed 30 s then ignored a
 * click for 15 s); false says so.
 */
async function evidenceShot(label: string, page: Page, path: string) {
  try {
    await page.screenshot({ timeout: SCREENSHOT_MS, path, fullPage: true });
    return true;
  } catch (error) {
    console.log(
      `warn  ${label} screenshot ${path}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    );
    return false;
  }
}

/** Opens the language switcher and follows the English link (plain links: works with or without JS). */
async function switchToEnglish(page: Page, brand: BrandCase, label: string) {
  await check(`${label} language switcher → English`, async () => {
    const summary = page.locator("details > summary:visible", { hasText: currentLanguageLabel(brand) });
    assert(
      (await summary.count()) === 1,
      `expected one visible switcher summary labelled "${currentLanguageLabel(brand)}…", found ${await summary.count()}`,
    );
    const details = summary.locator("xpath=..");
    await summary.click();
    const english = details.locator('a[hreflang="en"]');
    await english.waitFor({ state: "visible", timeout: 5_000 });
    await Promise.all([page.waitForURL((url) => url.pathname === "/en", { timeout: 15_000 }), english.click()]);
    await page.waitForLoadState("load");
    const { pathname } = new URL(page.url());
    if (pathname !== "/en") return `path is ${pathname}`;
    const lang = await page.locator("html").getAttribute("lang");
    if (lang !== "en") return `got lang="${lang}"`;
    const footer = page.getByText(ENGLISH_FOOTER, { exact: false });
    await footer
      .first()
      .waitFor({ state: "visible", timeout: 5_000 })
      .catch(() => undefined);
    if (!(await footer.first().isVisible())) return `"${ENGLISH_FOOTER}" not visible`;
  });
}

async function notFoundChecks(page: Page, brand: BrandCase, origin: string, label: string, viewport: ViewportName) {
  await check(`${label} 404 page`, async () => {
    const response = await page.goto(`${origin}${NOT_FOUND_PATH}`, { waitUntil: "load" });
    await settle(page);
    const problems: string[] = [];
    if (response?.status() !== 404) problems.push(`status ${response?.status()}`);
    const title = await page.title();
    if (title !== "404 Not Found") problems.push(`title "${title}"`);
    const contact = page.locator('main a[href$="/contact"]');
    if (
      !(await contact
        .first()
        .isVisible()
        .catch(() => false))
    )
      problems.push("no visible contact link in <main>");
    const backHome = page.locator("main a").filter({ hasText: general(brand.locale).errors.backHome });
    if (
      !(await backHome
        .first()
        .isVisible()
        .catch(() => false))
    )
      problems.push(`no visible "${general(brand.locale).errors.backHome}" link`);
    else {
      const href = await backHome.first().getAttribute("href");
      if (href !== "/") problems.push(`back-home link goes to ${href}`);
    }
    // The 404's content block (docs/decisions/0039), still there once the screen's code has run in the browser.
    await page.locator("#error-title").waitFor({ state: "visible" });
    const block = page.locator("main [data-testid=content-block-404]");
    if (!(await block.isVisible().catch(() => false))) problems.push("no content block");
    else if ((await block.locator("[data-testid=price]").count()) < 1)
      problems.push("the content block shows no product");
    await evidenceShot(label, page, join(SCREENSHOTS, `${brand.slug.toLowerCase()}-${viewport}-404.png`));
    return problems.join("; ");
  });
}

/**
 * An error screen other than 404, under /en: a form posted to a page that takes none is a 405. "Back to home" clears
 * the error and goes to the home of the page's locale (/en), not the brand's default one.
 */
async function errorScreenChecks(page: Page, brand: BrandCase, origin: string, label: string, viewport: ViewportName) {
  await check(`${label} error screen under /en: "Back to home" goes to /en`, async () => {
    await page.goto(`${origin}/en/offers`, { waitUntil: "load" });
    await settle(page);
    const [response] = await Promise.all([
      page.waitForResponse(
        (answer) => new URL(answer.url()).pathname === "/en/offers" && answer.request().method() === "POST",
      ),
      // The error page's own load (the URL stays the same).
      page.waitForEvent("load"),
      page.evaluate(() => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/en/offers";
        document.body.append(form);
        form.submit();
      }),
    ]);
    await settle(page);
    if (response.status() !== 405) return `the post answered ${response.status()}`;
    if ((await page.title()) !== "500 Error") return `title "${await page.title()}"`;
    if (!(await page.locator('main[data-status="405"] [data-art="400"]').isVisible()))
      return "no 400 art on the error screen";
    const backHome = page.locator("main a").filter({ hasText: general("en").errors.backHome });
    if (!(await backHome.first().isVisible())) return `no visible "${general("en").errors.backHome}" link`;
    const href = await backHome.first().getAttribute("href");
    if (href !== "/en") return `back-home link goes to ${href}`;
    await evidenceShot(label, page, join(SCREENSHOTS, `${brand.slug.toLowerCase()}-${viewport}-error-en.png`));
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/en", { timeout: 15_000 }),
      backHome.first().click(),
    ]);
    // The home replaces the error once it has rendered (a client-side navigation commits the address first).
    const cleared = await page
      .locator("main[data-status]")
      .waitFor({ state: "detached", timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    if (!cleared) return "the error screen is still shown at /en";
    await settle(page);
    const lang = await page.locator("html").getAttribute("lang");
    if (lang !== "en") return `home after the error has lang="${lang}"`;
  });
}

export async function runBrandViewport(browser: Browser, port: number, brand: BrandCase, viewport: ViewportName) {
  const origin = `http://${brand.slug.toLowerCase()}.localhost:${port}`;
  const label = `[${brand.slug} ${viewport}]`;
  let context: BrowserContext | null = null;
  try {
    context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: "en-US" });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const home = await homeChecks(page, brand, origin, label, viewport);
    if (home === "reuse") await switchToEnglish(page, brand, label);
    else if (home === "fresh page") {
      const fresh = await context.newPage();
      await fresh.goto(`${origin}/`, { waitUntil: "load" });
      await settle(fresh);
      await switchToEnglish(fresh, brand, label);
    }
    await notFoundChecks(await context.newPage(), brand, origin, label, viewport);
    await errorScreenChecks(await context.newPage(), brand, origin, label, viewport);
  } catch (error) {
    record(false, `${label} unexpected error`, error instanceof Error ? error.message.split("\n")[0] : String(error));
  } finally {
    await context?.close().catch(() => undefined);
  }
}

/** The switcher is a <details> with plain links, so it must work with JavaScript disabled too. */
export async function runNoJs(browser: Browser, port: number, brand: BrandCase) {
  const origin = `http://${brand.slug.toLowerCase()}.localhost:${port}`;
  const label = `[${brand.slug} no-js]`;
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto(`${origin}/`, { waitUntil: "load" });
    if (response?.status() !== 200) return record(false, `${label} home loads (200)`, `status ${response?.status()}`);
    await switchToEnglish(page, brand, label);
  } catch (error) {
    record(false, `${label} unexpected error`, error instanceof Error ? error.message.split("\n")[0] : String(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

// End-to-end browser checks against the production build served by `vite preview`.
// Run: node tests/e2e/run.ts   (PORT overrides the default 8799; assumes `npm run build`, runs it if the build is missing)
// Every page a part visits is audited with axe-core by the harness (axe.ts). The catalogue journeys and the page types
// live in catalogue.ts, the buying journeys in buying.ts, the accounts journeys in accounts.ts, the creator journeys in
// creator.ts, the consent journeys in consent.ts, the marketing dashboard's in marketing.ts, the post-deploy smoke (deploy/smoke.ts, run against the served store and behind a proxy that fails
// product pages) in smoke.ts; E2E_ONLY=brands, catalogue, buying, accounts, creator, consent, marketing or smoke runs
// just one part (smoke needs no browser). E2E_CONCURRENCY: journeys at once (catalogue and buying share them).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ensureDevVars } from "#scripts/dev-vars.ts";
import { seedDemoAccounts } from "#scripts/demo-accounts.ts";
import { applyLocalMigrations } from "#scripts/migrations.ts";
import { CONSENT_VERSION } from "#contract/marketing/consent.ts";
import { OIDC_TEST_CLIENT, startTestOidcProvider } from "../setup/oidc-provider.ts";
import { runAccounts } from "./accounts.ts";
import { type OtherProvider } from "./accounts/provider-steps.ts";
import { auditEveryPage } from "./axe.ts";
import { runBuying } from "./buying.ts";
import { runCatalogue } from "./catalogue.ts";
import { SCREENSHOT_MS } from "./harness.ts";
import { runConsent } from "./consent.ts";
import { runCreator } from "./creator.ts";
import { runMarketing } from "./marketing.ts";
import { assetRoutingChecks, servingLayerChecks, staticAssetChecks } from "./serving.ts";
import { smokeChecks } from "./smoke.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SCREENSHOTS = join(ROOT, "tests/e2e/screenshots");
const NOT_FOUND_PATH = "/this-page-does-not-exist/at-all";
const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

type Currency = "PLN" | "EUR" | "DKK" | "CZK";
type BrandCase = { slug: string; name: string; locale: string; tag: string; language: string; currency: Currency };

/** The expectations, written out independently of app/lib/brand/brands.ts. */
const BRANDS: BrandCase[] = [
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

// ---------------------------------------------------------------------------------------------------------------
// Reporting

let passed = 0;
let failed = 0;

function record(ok: boolean, name: string, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "PASS" : "FAIL"}  ${name}${detail ? `  — ${detail}` : ""}`);
}

/** Runs one check; an exception or a returned string (the failure reason) fails it. */
async function check(name: string, fn: () => Promise<string | void> | string | void): Promise<boolean> {
  try {
    const problem = await fn();
    record(!problem, name, problem || "");
    return !problem;
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    record(false, name, message);
    return false;
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

// ---------------------------------------------------------------------------------------------------------------
// Translations the checks look for (the app's own locale files, so wording changes do not break the run)

type General = { locale: { current: string }; errors: { backHome: string } };
function general(locale: string): General {
  return JSON.parse(readFileSync(join(ROOT, "locales", locale, "general.json"), "utf8")) as General;
}
function currentLanguageLabel(brand: BrandCase) {
  return general(brand.locale).locale.current.replace("{{language}}", brand.language);
}

// ---------------------------------------------------------------------------------------------------------------
// Server

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function choosePort(): Promise<number> {
  const wanted = Number(process.env.PORT ?? 8799);
  return (await portIsFree(wanted)) ? wanted : anyFreePort();
}

/**
 * The accounts journeys sign in with another provider too: a real OpenID Connect provider on a local port
 * (tests/setup/oidc-provider.ts), named in the served build's own .dev.vars for this run, which is put back afterwards.
 */
const BUILD_DEV_VARS = join(ROOT, "build/server/.dev.vars");
let buildDevVars: string | null = null;
async function startOtherProvider(): Promise<OtherProvider & { close: () => Promise<void> }> {
  const provider = await startTestOidcProvider();
  const name = "Test ID";
  buildDevVars = existsSync(BUILD_DEV_VARS) ? readFileSync(BUILD_DEV_VARS, "utf8") : "";
  const vars = {
    OIDC_PROVIDER_NAME: name,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: OIDC_TEST_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_TEST_CLIENT.secret,
    OIDC_ALLOW_HTTP: "true",
  };
  writeFileSync(
    BUILD_DEV_VARS,
    `${buildDevVars}${buildDevVars.endsWith("\n") || !buildDevVars ? "" : "\n"}${Object.entries(vars)
      .map(([key, value]) => `${key}=${value}`)
      .join("\n")}\n`,
  );
  return { name, issuer: provider.issuer, close: provider.close };
}
function restoreBuildDevVars() {
  if (buildDevVars !== null) writeFileSync(BUILD_DEV_VARS, buildDevVars);
  buildDevVars = null;
}

let server: ChildProcess | null = null;
let serverLog = "";
/** The server's own failures (5xx answers, SQLite errors, uncaught exceptions), printed when a check failed. */
const serverFailures: string[] = [];
const SERVER_FAILURE = /HTTP 5\d\d|SQLITE_|Uncaught|Internal error/;

function startServer(port: number) {
  // Its own process group, so the whole tree (npx → vite → workerd) can be stopped together.
  server = spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    serverLog = (serverLog + text).slice(-20_000);
    for (const line of text.split("\n")) if (SERVER_FAILURE.test(line)) serverFailures.push(line.slice(0, 400));
    serverFailures.splice(0, Math.max(0, serverFailures.length - 100));
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
}

async function stopServer() {
  const child = server;
  server = null;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = new Promise<"timeout">((done) => setTimeout(() => done("timeout"), 5_000));
  if ((await Promise.race([exited, timer])) === "timeout") {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

async function waitForServer(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`vite preview exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`server did not answer 200 within ${timeoutMs / 1000}s (last: ${last})`);
}

// ---------------------------------------------------------------------------------------------------------------
// Browser checks

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Chromium resolves *.localhost to loopback itself; map it explicitly only if this build does not. */
async function launchBrowser(port: number): Promise<Browser> {
  const launch = (args: string[]) => chromium.launch({ executablePath: "/usr/bin/chromium", args });
  const browser = await launch(CHROMIUM_ARGS);
  const page = await browser.newPage();
  try {
    await page.goto(`http://wpx-pl.localhost:${port}/`, { waitUntil: "commit", timeout: 10_000 });
    return browser;
  } catch {
    await browser.close();
    console.log("info  *.localhost did not resolve in Chromium; adding --host-resolver-rules");
    return launch([...CHROMIUM_ARGS, "--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
  } finally {
    await page.close().catch(() => undefined);
  }
}

/**
 * The other parts' visitors have already answered the cookie banner (reject all, in every brand), so its overlay never
 * covers what their journeys click; the consent part (consent.ts) meets the banner as a first-time visitor.
 */
function withBannerAnswered(browser: Browser, port: number): Browser {
  const newContext: Browser["newContext"] = async (options) => {
    const context = await browser.newContext(options);
    const value = `${CONSENT_VERSION}.a0.n0.${Math.floor(Date.now() / 1000)}`;
    await context.addCookies(
      BRANDS.map((brand) => ({ name: "consent", value, url: `http://${brand.slug.toLowerCase()}.localhost:${port}` })),
    );
    return context;
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === "newContext") return newContext;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** After load, waits for the network to settle so React has hydrated before we interact. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
}

/** Scrolls through the page so loading="lazy" images load, then back to the top, before a full-page screenshot. */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.max(200, window.innerHeight / 2)) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 40));
    }
    window.scrollTo(0, 0);
  });
  await page
    .waitForFunction(() => Array.from(document.images).every((image) => image.complete), null, { timeout: 5_000 })
    .catch(() => undefined);
}

function trackErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error")
      errors.push(`console.error: ${message.text()} ${message.location().url ?? ""}`.trim());
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
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

async function runBrandViewport(browser: Browser, port: number, brand: BrandCase, viewport: ViewportName) {
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
async function runNoJs(browser: Browser, port: number, brand: BrandCase) {
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

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main() {
  process.chdir(ROOT);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const started = Date.now();

  if (!existsSync(join(ROOT, "build/server/index.js"))) {
    console.log("info  build/server/index.js missing: running npm run build");
    execFileSync("npm", ["run", "build"], { stdio: "inherit", cwd: ROOT });
  }
  ensureDevVars();
  applyLocalMigrations();
  await seedDemoAccounts();
  const buildStamp = () => statSync(join(ROOT, "build/server/index.js")).mtimeMs;
  const builtAt = buildStamp();

  const only = process.env.E2E_ONLY;
  const otherProvider = !only || only === "accounts" ? await startOtherProvider() : null;
  const port = await choosePort();
  console.log(`info  starting vite preview on http://127.0.0.1:${port}`);
  startServer(port);
  const ready = await check(`server answers 200 at http://127.0.0.1:${port}/`, () => waitForServer(port));
  if (!ready) {
    console.log(
      `---- vite preview output (tail) ----\n${serverLog.slice(-3_000)}\n------------------------------------`,
    );
    return;
  }

  if (!only) {
    await servingLayerChecks(port, record);
    await staticAssetChecks(port, ROOT, record);
    await assetRoutingChecks(port, ROOT, record);
  }
  if (!only || only === "smoke") await smokeChecks(port, ROOT, record);
  if (only === "smoke") return;
  const rawBrowser = await launchBrowser(port);
  // Every page any part visits is audited with axe-core (axe.ts); the consent part's visitors meet the banner.
  const firstVisitBrowser = auditEveryPage(rawBrowser, record);
  const browser = withBannerAnswered(firstVisitBrowser, port);
  try {
    // The brand checks run one after another (their lines print live, in order); the catalogue journeys and the axe
    // pass (catalogue.ts), the buying journeys (buying.ts) and the accounts journeys (accounts.ts) run alongside them in their own contexts and print their
    // buffered lines afterwards, catalogue first.
    const runs = (name: "brands" | "catalogue" | "buying" | "accounts" | "creator" | "consent" | "marketing") =>
      !only || only === name;
    const brandChecks = (async () => {
      if (!runs("brands")) return;
      for (const brand of BRANDS) {
        for (const viewport of Object.keys(VIEWPORTS) as ViewportName[])
          await runBrandViewport(browser, port, brand, viewport);
      }
      for (const brand of BRANDS) await runNoJs(browser, port, brand);
      console.log(`info  brand checks done ${Math.round((Date.now() - started) / 1000)}s into the run`);
    })();
    const harness = { screenshots: SCREENSHOTS, viewports: VIEWPORTS, record, settle, loadLazyImages, trackErrors };
    const catalogue = runs("catalogue") ? runCatalogue(harness, browser, port, brandChecks) : Promise.resolve();
    const buying = runs("buying")
      ? runBuying(harness, browser, port, Promise.all([brandChecks, catalogue]))
      : Promise.resolve();
    const accounts = runs("accounts")
      ? runAccounts(harness, browser, port, Promise.all([brandChecks, catalogue, buying]), otherProvider)
      : Promise.resolve();
    const creator = runs("creator")
      ? runCreator(harness, browser, port, Promise.all([brandChecks, catalogue, buying, accounts]))
      : Promise.resolve();
    // The consent part meets the banner as a first-time visitor; its own browser is not the answered one.
    const consent = runs("consent")
      ? runConsent(harness, firstVisitBrowser, port, Promise.all([brandChecks, catalogue, buying, accounts, creator]))
      : Promise.resolve();
    const marketing = runs("marketing")
      ? runMarketing(harness, browser, port, Promise.all([brandChecks, catalogue, buying, accounts, creator, consent]))
      : Promise.resolve();
    await Promise.all([brandChecks, catalogue, buying, accounts, creator, consent, marketing]);
  } finally {
    await rawBrowser.close().catch(() => undefined);
    await otherProvider?.close();
  }
  if (existsSync(join(ROOT, "build/server/index.js")) && buildStamp() !== builtAt) {
    console.log(
      "warn  build/ was rebuilt while the tests ran: the preview server may have answered 500 for vanished assets",
    );
  }
  console.log(`info  finished in ${Math.round((Date.now() - started) / 1000)}s; screenshots in ${SCREENSHOTS}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    restoreBuildDevVars();
    void stopServer().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  record(false, "e2e run", error instanceof Error ? error.message : String(error));
} finally {
  await stopServer();
  restoreBuildDevVars();
}
if (failed > 0 && serverFailures.length)
  console.log(
    `---- the server's failures during the run (last ${serverFailures.length}) ----\n${serverFailures.join("\n")}\n----`,
  );
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

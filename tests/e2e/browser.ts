import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CONSENT_VERSION } from "#contract/marketing/consent.ts";
import { BRANDS } from "./brand-checks.ts";

// Chromium for the checks: launched with the run's flags, the cookie banner answered, pages settled and their errors
// tracked.

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
export async function launchBrowser(port: number): Promise<Browser> {
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

/** The public icon service the page asks when the store's own endpoint is late (app/lib/icons/client.ts). */
export const ICON_SERVICE = "https://api.iconify.design";
/** The stand-in's drawing (a square): a check tells it from the store's own icons and from the fallback dot. */
export const STAND_IN_ICON_PATH = "M4 4h16v16H4z";

/**
 * The public icon service stood in for, in Iconify's JSON shape: the runs reach no network, and under a run's load the
 * store's endpoint can be later than the page's 1500 ms, which sends the page there (a CI run's brand check met
 * ERR_NAME_NOT_RESOLVED). `answers: false` makes it unreachable; `asked` records each request.
 */
export async function standInIconService(
  context: BrowserContext,
  { answers = true, asked }: { answers?: boolean; asked?: string[] } = {},
) {
  const body = `<g fill="none" stroke="currentColor" stroke-width="2"><path d="${STAND_IN_ICON_PATH}"/></g>`;
  await context.route(`${ICON_SERVICE}/**`, (route) => {
    asked?.push(route.request().url());
    if (!answers) return route.abort();
    const names = new URL(route.request().url()).searchParams.get("icons")?.split(",") ?? [];
    return route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ prefix: "lucide", icons: Object.fromEntries(names.map((name) => [name, { body }])) }),
    });
  });
}

/**
 * The other parts' visitors have already answered the cookie banner (reject all, in every brand), so its overlay never
 * covers what their journeys click; the consent part (consent.ts) meets the banner as a first-time visitor. The public
 * icon service is stood in for in their contexts too.
 */
export function withBannerAnswered(browser: Browser, port: number): Browser {
  const newContext: Browser["newContext"] = async (options) => {
    const context = await browser.newContext(options);
    const value = `${CONSENT_VERSION}.a0.n0.${Math.floor(Date.now() / 1000)}`;
    await context.addCookies(
      BRANDS.map((brand) => ({ name: "consent", value, url: `http://${brand.slug.toLowerCase()}.localhost:${port}` })),
    );
    await standInIconService(context);
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
export async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
}

/** Scrolls through the page so loading="lazy" images load, then back to the top, before a full-page screenshot. */
export async function loadLazyImages(page: Page) {
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

export function trackErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error")
      errors.push(`console.error: ${message.text()} ${message.location().url ?? ""}`.trim());
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

import { join } from "node:path";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { standInIconService } from "../browser.ts";
import type { Part } from "../harness.ts";

// A consent journey's visitor: the stubbed tags and services, the banner and what the page has seen.

export const STEP_MS = 20_000;
const TAG_ORIGINS = ["https://www.googletagmanager.com", "https://cdn.onesignal.com", "https://widget.trustpilot.com"];
/**
 * The chat provider of the brands that have a chat (contract/brands/brands.ts): its script is stubbed like the tags'.
 */
const CHAT_ORIGIN = "https://embed.tawk.to";
const CHAT_STUB = `(function(){var w=document.createElement("div");w.setAttribute("data-chat-widget","");w.setAttribute("role","dialog");w.setAttribute("aria-label","Chat");
w.style.cssText="position:fixed;right:16px;bottom:16px;width:64px;height:64px;border-radius:32px;background:#0f5c7a";document.body.appendChild(w)})();`;
export const BANNER = "section#cookie-settings";

type Choice = "reject" | "accept" | "analytics";
export type ConsentBrand = { slug: string; locale: string; prefix: string; tags: boolean; choice: Choice };
export const BRANDS: ConsentBrand[] = [
  { slug: "WPX-PL", locale: "pl", prefix: "", tags: true, choice: "reject" },
  { slug: "TZ-ES", locale: "es", prefix: "", tags: true, choice: "accept" },
  { slug: "WPX-DK", locale: "en", prefix: "/en", tags: false, choice: "analytics" },
];
export const PL = BRANDS[0]!;
export const TZ = BRANDS[1]!;
export const DK = BRANDS[2]!;
export const origin = (brand: ConsentBrand, port: number) => `http://${brand.slug.toLowerCase()}.localhost:${port}`;

/** What the tag stubs record: which tag ran; gtag's stub answers `get` with fixed ids, as GA4 would. */
const GTAG_STUB = `(function(){var dl=window.dataLayer=window.dataLayer||[];var ids={client_id:"111.1764100000",session_id:"1764100000",session_number:2};
function run(a){if(a&&a[0]==="get"&&typeof a[3]==="function")a[3](ids[a[2]]);}for(var i=0;i<dl.length;i++)run(dl[i]);
var push=dl.push.bind(dl);dl.push=function(){for(var j=0;j<arguments.length;j++)run(arguments[j]);return push.apply(null,arguments)};
(window.__tags=window.__tags||[]).push("ga4")})();`;
const tagStub = (name: string) => `(window.__tags=window.__tags||[]).push(${JSON.stringify(name)});`;

/** navigator.globalPrivacyControl, as a browser sending Global Privacy Control has it. */
const GPC_SIGNAL = `Object.defineProperty(Navigator.prototype,"globalPrivacyControl",{get:function(){return true},configurable:true});`;

/** The page's Consent Mode updates (gtag's arguments in dataLayer): their states, in order. */
export const consentUpdates = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === "consent" && entry[1] === "update")
      .map((entry) => entry[2] as Record<string, string>),
  );

/**
 * The Consent Mode updates once the answer has been applied and the page has followed it (the root's data read again).
 */
export async function updatesAfterAnswer(page: Page) {
  await page
    .waitForFunction(
      () =>
        ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).some(
          (entry) => entry[0] === "consent" && entry[1] === "update",
        ),
      null,
      { timeout: STEP_MS },
    )
    .catch(() => undefined);
  // The page then reads the root's data again and follows it: time for a second update, were there one.
  await page.waitForTimeout(1_500);
  return consentUpdates(page);
}

/** Layout shifts not caused by input, summed from the start of each document (Chromium's layout-shift entries). */
const CLS_OBSERVER = `window.__cls=0;try{new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(!e.hadRecentInput)window.__cls+=e.value})}).observe({type:"layout-shift",buffered:true})}catch(e){}`;

type Seen = {
  tagRequests: string[];
  iconService: string[];
  localIcons: string[];
  /** Local icon requests that ended without an answer: the page gave up on them at its 1500 ms timeout. */
  localIconsUnanswered: string[];
  bootstrap: string[];
  ga4Posts: string[];
  chatRequests: string[];
};

/** A fresh visitor's browser context, with the outside world stubbed and every request to it recorded. */
export async function visitorContext(
  browser: Browser,
  viewport: { width: number; height: number },
  { js = true, iconService = true, gpc = false } = {},
) {
  // Global Privacy Control as a browser sends it: the Sec-GPC header on every request, and navigator's flag.
  const context = await browser.newContext({
    viewport,
    locale: "en-US",
    javaScriptEnabled: js,
    ...(gpc ? { extraHTTPHeaders: { "Sec-GPC": "1" } } : {}),
  });
  context.setDefaultTimeout(15_000);
  const seen: Seen = {
    tagRequests: [],
    iconService: [],
    localIcons: [],
    localIconsUnanswered: [],
    bootstrap: [],
    ga4Posts: [],
    chatRequests: [],
  };
  await context.addInitScript(CLS_OBSERVER);
  if (gpc) await context.addInitScript(GPC_SIGNAL);
  for (const tagOrigin of TAG_ORIGINS) {
    await context.route(`${tagOrigin}/**`, (route) => {
      const url = route.request().url();
      seen.tagRequests.push(url);
      const body = url.includes("googletagmanager")
        ? GTAG_STUB
        : tagStub(url.includes("onesignal") ? "pushNotifications" : "reviewBadge");
      return route.fulfill({ status: 200, contentType: "application/javascript", body });
    });
  }
  await context.route(`${CHAT_ORIGIN}/**`, (route) => {
    seen.chatRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "application/javascript", body: CHAT_STUB });
  });
  await standInIconService(context, { answers: iconService, asked: seen.iconService });
  context.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/icons/")) seen.localIcons.push(request.url());
    if (url.pathname === "/api/bootstrap.json") seen.bootstrap.push(request.url());
    if (url.pathname === "/api/session" && request.method() === "POST" && request.postData()?.includes("ga4ClientId"))
      seen.ga4Posts.push(request.postData()!);
  });
  context.on("requestfailed", (request: Request) => {
    if (new URL(request.url()).pathname.startsWith("/api/icons/")) seen.localIconsUnanswered.push(request.url());
  });
  return { context, seen };
}

export async function bannerOpen(page: Page) {
  return page.locator(BANNER).isVisible();
}

/** The banner's code has loaded (it marks itself once it runs): clicks reach it rather than the plain form. */
export async function bannerReady(page: Page) {
  await page.locator(`${BANNER}[data-enhanced]`).waitFor({ state: "attached", timeout: STEP_MS });
}

export async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "consent");
  return cookie ? decodeURIComponent(cookie.value) : null;
}

export const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
export const tagsRun = (page: Page) => page.evaluate(() => (window as unknown as { __tags?: string[] }).__tags ?? []);

export function shot(h: Part, name: string) {
  return join(h.screenshots, `consent-${name}.png`);
}

/** Two buttons of the same size and the same look: as easy to refuse as to accept. */
export async function equalButtons(page: Page) {
  const reject = page.locator(`${BANNER} button[value=none]`);
  const accept = page.locator(`${BANNER} button[value=all]`);
  const [a, b] = [await reject.boundingBox(), await accept.boundingBox()];
  if (!a || !b) return "Reject all or Accept all is not visible";
  const problems: string[] = [];
  if (Math.abs(a.width - b.width) > 1 || Math.abs(a.height - b.height) > 1)
    problems.push(`reject ${a.width}×${a.height} vs accept ${b.width}×${b.height}`);
  if (Math.abs(a.y - b.y) > 1) problems.push("not side by side");
  const look = (locator: typeof reject) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.backgroundColor}|${style.color}|${style.fontWeight}|${style.fontSize}`;
    });
  if ((await look(reject)) !== (await look(accept)))
    problems.push(`different looks: ${await look(reject)} vs ${await look(accept)}`);
  return problems.join("; ");
}

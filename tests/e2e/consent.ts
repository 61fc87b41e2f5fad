// Consent journeys (issue 9, section 1) and the spec's remaining client behaviours (section 5), in Chromium: the cookie
// banner in three brands at phone and desktop size (reject all in WPX-PL, accept all in TZ-ES, choose analytics only in
// WPX-DK under /en), each with screenshots; the layout never shifts (CLS 0); after a reject no request reaches any tag's
// origin; the footer reopens the banner; keyboard only; without JavaScript; axe; two tabs of one browser in step; the
// session read again on focus and after 24 hours; footer icons from the local endpoint, the public service, a fallback;
// the hourly bootstrap config; GA4's ids in the session; in every brand, no request to an ad or analytics host (nor the
// shop's own page events) before an answer, and one Consent Mode update after "Accept all"; a Global Privacy Control
// visit with ads refused, its consent id in Cookie settings, and an explicit grant; the page reload guard. There is no internet here: every
// tag's and the public icon service's addresses are answered by small stubs (context.route). Imported by run.ts
// (E2E_ONLY=consent).
import { join } from "node:path";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { BRANDS as ALL_BRANDS } from "#contract/brands/brands.ts";
import { CONSENT_VERSION } from "#contract/marketing/consent.ts";
import { translator } from "./buying/journey.ts";
import { axeProblems } from "./axe.ts";
import { evidenceShot, hydrated, inPool, message, part, type Harness, type Part } from "./catalogue.ts";

const STEP_MS = 20_000;
const TAG_ORIGINS = ["https://www.googletagmanager.com", "https://cdn.onesignal.com", "https://widget.trustpilot.com"];
const ICON_SERVICE = "https://api.iconify.design";
/** The chat provider of the brands that have a chat (contract/brands/brands.ts): its script is stubbed like the tags'. */
const CHAT_ORIGIN = "https://embed.tawk.to";
const CHAT_STUB = `(function(){var w=document.createElement("div");w.setAttribute("data-chat-widget","");w.setAttribute("role","dialog");w.setAttribute("aria-label","Chat");
w.style.cssText="position:fixed;right:16px;bottom:16px;width:64px;height:64px;border-radius:32px;background:#0f5c7a";document.body.appendChild(w)})();`;
const BANNER = "section#cookie-settings";

type Choice = "reject" | "accept" | "analytics";
type ConsentBrand = { slug: string; locale: string; prefix: string; tags: boolean; choice: Choice };
const BRANDS: ConsentBrand[] = [
  { slug: "WPX-PL", locale: "pl", prefix: "", tags: true, choice: "reject" },
  { slug: "TZ-ES", locale: "es", prefix: "", tags: true, choice: "accept" },
  { slug: "WPX-DK", locale: "en", prefix: "/en", tags: false, choice: "analytics" },
];
const PL = BRANDS[0]!;
const TZ = BRANDS[1]!;
const DK = BRANDS[2]!;
const origin = (brand: ConsentBrand, port: number) => `http://${brand.slug.toLowerCase()}.localhost:${port}`;

/** What the tag stubs record: which tag ran; gtag's stub answers `get` with fixed ids, as GA4 would. */
const GTAG_STUB = `(function(){var dl=window.dataLayer=window.dataLayer||[];var ids={client_id:"111.1764100000",session_id:"1764100000",session_number:2};
function run(a){if(a&&a[0]==="get"&&typeof a[3]==="function")a[3](ids[a[2]]);}for(var i=0;i<dl.length;i++)run(dl[i]);
var push=dl.push.bind(dl);dl.push=function(){for(var j=0;j<arguments.length;j++)run(arguments[j]);return push.apply(null,arguments)};
(window.__tags=window.__tags||[]).push("ga4")})();`;
const tagStub = (name: string) => `(window.__tags=window.__tags||[]).push(${JSON.stringify(name)});`;
const ICON_STUB_BODY = '<g fill="none" stroke="currentColor" stroke-width="2"><path d="M4 4h16v16H4z"/></g>';

/** navigator.globalPrivacyControl, as a browser sending Global Privacy Control has it. */
const GPC_SIGNAL = `Object.defineProperty(Navigator.prototype,"globalPrivacyControl",{get:function(){return true},configurable:true});`;

/** The page's Consent Mode updates (gtag's arguments in dataLayer): their states, in order. */
const consentUpdates = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === "consent" && entry[1] === "update")
      .map((entry) => entry[2] as Record<string, string>),
  );

/** The Consent Mode updates once the answer has been applied and the page has followed it (the root's data read again). */
async function updatesAfterAnswer(page: Page) {
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
  bootstrap: string[];
  ga4Posts: string[];
  chatRequests: string[];
};

/** A fresh visitor's browser context, with the outside world stubbed and every request to it recorded. */
async function visitorContext(
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
  await context.route(`${ICON_SERVICE}/**`, (route) => {
    seen.iconService.push(route.request().url());
    if (!iconService) return route.abort();
    const names = new URL(route.request().url()).searchParams.get("icons")?.split(",") ?? [];
    return route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({
        prefix: "lucide",
        icons: Object.fromEntries(names.map((name) => [name, { body: ICON_STUB_BODY }])),
      }),
    });
  });
  context.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/icons/")) seen.localIcons.push(request.url());
    if (url.pathname === "/api/bootstrap.json") seen.bootstrap.push(request.url());
    if (url.pathname === "/api/session" && request.method() === "POST" && request.postData()?.includes("ga4ClientId"))
      seen.ga4Posts.push(request.postData()!);
  });
  return { context, seen };
}

async function bannerOpen(page: Page) {
  return page.locator(BANNER).isVisible();
}

/** The banner's code has loaded (it marks itself once it runs): clicks reach it rather than the plain form. */
async function bannerReady(page: Page) {
  await page.locator(`${BANNER}[data-enhanced]`).waitFor({ state: "attached", timeout: STEP_MS });
}

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "consent");
  return cookie ? decodeURIComponent(cookie.value) : null;
}

const cls = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
const tagsRun = (page: Page) => page.evaluate(() => (window as unknown as { __tags?: string[] }).__tags ?? []);

function shot(h: Part, name: string) {
  return join(h.screenshots, `consent-${name}.png`);
}

/** Two buttons of the same size and the same look: as easy to refuse as to accept. */
async function equalButtons(page: Page) {
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

/** One brand at one size: the banner, its screenshot, the brand's choice, what loads after it, reopening from the footer. */
async function bannerJourney(
  h: Part,
  browser: Browser,
  port: number,
  brand: ConsentBrand,
  viewport: "phone" | "desktop",
) {
  const label = `[${brand.slug}${brand.prefix} ${viewport} consent: ${brand.choice}]`;
  const t = translator(brand.locale);
  const { context, seen } = await visitorContext(browser, h.viewports[viewport]);
  const name = `${brand.slug.toLowerCase()}-${viewport}`;
  try {
    const page = await context.newPage();
    const errors = h.trackErrors(page);
    const home = `${origin(brand, port)}${brand.prefix || "/"}`;
    await page.goto(home, { waitUntil: "load" });
    await h.settle(page);

    const shown = await h.check(`${label} the banner asks, in the brand's language, over the page`, async () => {
      await page.locator(BANNER).waitFor({ state: "visible", timeout: STEP_MS });
      const problems: string[] = [];
      const heading = (await page.locator(`${BANNER} h2`).innerText()).trim();
      if (heading !== t("consent.title")) problems.push(`heading "${heading}", expected "${t("consent.title")}"`);
      if ((await page.locator(`${BANNER} button[value=none]`).innerText()).trim() !== t("consent.rejectAll"))
        problems.push("Reject all not translated");
      const position = await page.locator(BANNER).evaluate((element) => ({
        position: getComputedStyle(element).position,
        bottom: element.getBoundingClientRect().bottom,
      }));
      if (position.position !== "fixed" || Math.abs(position.bottom - h.viewports[viewport].height) > 1)
        problems.push(`not fixed at the bottom: ${JSON.stringify(position)}`);
      if ((await page.getByRole("region", { name: t("consent.title") }).count()) !== 1)
        problems.push("not a region named by its heading");
      if ((await page.getByRole("dialog").count()) !== 0) problems.push("a dialog: the banner must not trap focus");
      const equal = await equalButtons(page);
      if (equal) problems.push(equal);
      return problems.join("; ");
    });
    await evidenceShot(h, page, shot(h, `${name}-1-banner`), { fullPage: false });
    if (!shown) return;

    await h.check(`${label} the page stays usable under the banner (a product opens)`, async () => {
      const link = page.locator("main article h3 a[href]").first();
      const href = await link.getAttribute("href");
      await hydrated(page).catch(() => undefined);
      await Promise.all([page.waitForURL((url) => url.pathname === href, { timeout: STEP_MS }), link.click()]);
      if (!(await bannerOpen(page))) return "the banner went away without an answer";
    });

    await bannerReady(page);
    const beforeAnswer = seen.tagRequests.length;
    if (beforeAnswer) h.record(false, `${label} no tag before an answer`, seen.tagRequests.join(", "));
    if (brand.choice === "analytics") {
      await page.locator(`${BANNER} summary`).click();
      await page.locator(`${BANNER} input[name=analytics]`).check();
      await evidenceShot(h, page, shot(h, `${name}-2-choose`), { fullPage: false });
    }
    const button = brand.choice === "reject" ? "none" : brand.choice === "accept" ? "all" : "save";
    const reloads = brand.choice === "accept" && brand.tags;
    await Promise.all([
      reloads ? page.waitForEvent("load", { timeout: STEP_MS }) : Promise.resolve(),
      page.locator(`${BANNER} button[value=${button}]`).click(),
    ]);
    await page.locator(BANNER).waitFor({ state: "hidden", timeout: STEP_MS });
    await h.settle(page);

    await h.check(`${label} the answer is kept in the consent cookie and the banner is gone`, async () => {
      const value = await consentCookie(context);
      const expected = { reject: "a0.n0", accept: "a1.n1", analytics: "a0.n1" }[brand.choice];
      if (!value?.startsWith(`${CONSENT_VERSION}.${expected}.`))
        return `consent cookie ${value}, expected ${CONSENT_VERSION}.${expected}.…`;
    });
    await h.check(`${label} Consent Mode is told the answer once`, async () => {
      const updates = await updatesAfterAnswer(page);
      if (updates.length !== 1) return `${updates.length} consent updates in dataLayer: ${JSON.stringify(updates)}`;
    });
    await evidenceShot(h, page, shot(h, `${name}-3-after-${brand.choice}`), { fullPage: false });

    await h.check(`${label} the tags that load are those the brand uses and the choice allows`, async () => {
      // A page after the answer: what the visitor meets from now on.
      await page.goto(`${origin(brand, port)}${brand.prefix}/offers`, { waitUntil: "load" });
      await h.settle(page);
      const ran = (await tagsRun(page)).sort();
      const expected =
        !brand.tags || brand.choice === "reject"
          ? []
          : brand.choice === "accept"
            ? ["ga4", "pushNotifications", "reviewBadge"]
            : ["ga4", "reviewBadge"];
      if (JSON.stringify(ran) !== JSON.stringify(expected))
        return `tags that ran: ${JSON.stringify(ran)}, expected ${JSON.stringify(expected)}`;
      if (expected.length === 0 && seen.tagRequests.length)
        return `requests to tag origins: ${seen.tagRequests.join(", ")}`;
      const update = await page.evaluate(() =>
        JSON.stringify(
          (window as unknown as { dataLayer: unknown[][] }).dataLayer.map((entry) =>
            Array.from(entry as ArrayLike<unknown>).slice(0, 2),
          ),
        ),
      );
      if (!update.startsWith('[["consent","default"],["consent","update"]'))
        return `dataLayer starts ${update.slice(0, 120)}`;
    });

    await h.check(`${label} no layout shift (CLS 0)`, async () => {
      const shift = await cls(page);
      if (shift > 0) return `CLS ${shift.toFixed(4)}`;
    });

    await h.check(
      `${label} the footer's Cookie settings reopens it, with the answer ticked; it closes again`,
      async () => {
        await hydrated(page).catch(() => undefined);
        await bannerReady(page);
        const link = page.locator("footer a[href='#cookie-settings']");
        if ((await link.innerText()).trim() !== t("consent.footerLink"))
          return `footer link says "${await link.innerText()}"`;
        await link.click();
        await page.locator(BANNER).waitFor({ state: "visible", timeout: 5_000 });
        const focused = await page.evaluate(() => document.activeElement?.id);
        if (focused !== "cookie-settings") return `focus on #${focused}, expected the banner`;
        await page.locator(`${BANNER} summary`).click();
        const analytics = await page.locator(`${BANNER} input[name=analytics]`).isChecked();
        if (analytics !== (brand.choice !== "reject")) return `analytics box ${analytics} after ${brand.choice}`;
        await evidenceShot(h, page, shot(h, `${name}-4-reopened`), { fullPage: false });
        await page.locator(`${BANNER} button[value=save]`).click();
        await page.locator(BANNER).waitFor({ state: "hidden", timeout: STEP_MS });
      },
    );

    if (brand.choice === "reject") {
      await h.check(`${label} after reject all, no request reached any tag's origin on any page`, async () => {
        await page.goto(`${origin(brand, port)}${brand.prefix}/reviews`, { waitUntil: "load" });
        await h.settle(page);
        if (seen.tagRequests.length) return seen.tagRequests.join(", ");
        if ((await tagsRun(page)).length) return `tags ran: ${await tagsRun(page)}`;
      });
    }
    await h.check(`${label} no console/page errors`, () =>
      errors.length ? `${errors.length}: ${errors.slice(0, 3).join(" | ")}` : "",
    );
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Keyboard only: the banner is the first stop, its choice is made with Enter, focus shows. */
async function keyboardJourney(h: Part, browser: Browser, port: number) {
  const label = "[WPX-PL desktop consent: keyboard only]";
  const { context } = await visitorContext(browser, h.viewports.desktop);
  try {
    const page = await context.newPage();
    await page.goto(`${origin(PL, port)}/`, { waitUntil: "load" });
    await h.settle(page);
    await bannerReady(page);
    await h.check(`${label} Tab reaches the banner first, each stop shows its focus, Enter answers`, async () => {
      const stops: string[] = [];
      for (let press = 0; press < 4; press++) {
        await page.keyboard.press("Tab");
        const stop = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          const style = element ? getComputedStyle(element) : null;
          return {
            inBanner: !!element?.closest("#cookie-settings"),
            text: element?.textContent?.trim().slice(0, 30) ?? "",
            value: element?.getAttribute("value"),
            outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : "",
          };
        });
        if (!stop.inBanner) return `stop ${press + 1} (${stop.text}) is outside the banner`;
        if (stop.outline.startsWith("none") || stop.outline.endsWith(" 0px"))
          return `no visible focus on "${stop.text}" (${stop.outline})`;
        stops.push(stop.value ?? stop.text);
        if (stop.value === "none") break;
      }
      if (stops.at(-1) !== "none") return `Reject all not reached: ${stops.join(" → ")}`;
      await evidenceShot(h, page, shot(h, "wpx-pl-desktop-keyboard-focus"), { fullPage: false });
      await page.keyboard.press("Enter");
      await page.locator(BANNER).waitFor({ state: "hidden", timeout: STEP_MS });
      if (!(await consentCookie(context))?.startsWith(`${CONSENT_VERSION}.a0.n0.`)) return "no reject in the cookie";
    });
    await h.check(
      `${label} Enter on the footer's Cookie settings opens the banner again, and Tab stays in it`,
      async () => {
        await page.locator("footer a[href='#cookie-settings']").focus();
        await page.keyboard.press("Enter");
        await page.locator(BANNER).waitFor({ state: "visible", timeout: 5_000 });
        await page.keyboard.press("Tab");
        const inBanner = await page.evaluate(() => !!document.activeElement?.closest("#cookie-settings"));
        if (!inBanner) return "Tab after opening left the banner";
      },
    );
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Without JavaScript: the plain form posts the answer and comes back; the footer's link opens the banner by its fragment. */
async function noJsJourney(h: Part, browser: Browser, port: number) {
  const label = "[TZ-ES phone consent: no JavaScript]";
  const { context, seen } = await visitorContext(browser, h.viewports.phone, { js: false });
  try {
    const page = await context.newPage();
    await page.goto(`${origin(TZ, port)}/offers`, { waitUntil: "load" });
    await h.check(
      `${label} accept all posts the form and brings the visitor back to the same page, banner gone`,
      async () => {
        if (!(await bannerOpen(page))) return "no banner";
        await Promise.all([
          page.waitForURL((url) => url.pathname === "/offers", { timeout: STEP_MS }),
          page.locator(`${BANNER} button[value=all]`).click(),
        ]);
        await page.waitForLoadState("load");
        if (await bannerOpen(page)) return "the banner is still open";
        if (!(await consentCookie(context))?.startsWith(`${CONSENT_VERSION}.a1.n1.`))
          return "the cookie does not say accept all";
        // Without JavaScript nothing runs, so no tag runs either; the pages ask for their scripts all the same.
      },
    );
    await h.check(
      `${label} the footer's Cookie settings opens the banner (its fragment), and saving closes it`,
      async () => {
        await page.locator("footer a[href='#cookie-settings']").click();
        if (!(await bannerOpen(page))) return "the banner did not open";
        await evidenceShot(h, page, shot(h, "tz-es-phone-nojs-reopened"), { fullPage: false });
        await page.locator(`${BANNER} summary`).click();
        await page.locator(`${BANNER} input[name=ads]`).uncheck();
        await Promise.all([
          page.waitForURL((url) => url.pathname === "/offers" && !url.hash, { timeout: STEP_MS }),
          page.locator(`${BANNER} button[value=save]`).click(),
        ]);
        if (await bannerOpen(page)) return "the banner is still open";
        if (!(await consentCookie(context))?.startsWith(`${CONSENT_VERSION}.a0.n1.`))
          return `the cookie says ${await consentCookie(context)}`;
        if ((await tagsRun(page).catch(() => [])).length || seen.tagRequests.some((url) => url.includes("onesignal")))
          return "a tag ran, or push notifications were asked for after ads were withdrawn";
      },
    );
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** axe-core on a page with the banner open, and with the choices shown. */
async function axeJourney(h: Part, browser: Browser, port: number) {
  const label = "[WPX-DK/en desktop consent: axe]";
  const { context } = await visitorContext(browser, h.viewports.desktop);
  try {
    const page = await context.newPage();
    await page.goto(`${origin(DK, port)}/en`, { waitUntil: "load" });
    await h.settle(page);
    await bannerReady(page);
    await h.check(`${label} the home with the banner has no serious/critical violations`, () =>
      axeProblems(h, page, `${label} banner`),
    );
    await page.locator(`${BANNER} summary`).click();
    await h.check(`${label} the banner's choices have no serious/critical violations`, () =>
      axeProblems(h, page, `${label} choices`),
    );
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Two tabs of one browser: an answer, a product added, in one shows in the other without a reload; focus and a day later read the session again. */
async function tabsJourney(h: Part, browser: Browser, port: number) {
  const label = "[WPX-DK/en desktop two tabs]";
  const { context } = await visitorContext(browser, h.viewports.desktop);
  try {
    const first = await context.newPage();
    const second = await context.newPage();
    // The second tab's clock is Playwright's, so "a day later" takes no day.
    await second.clock.install();
    for (const page of [first, second]) {
      await page.goto(`${origin(DK, port)}/en`, { waitUntil: "load" });
      await h.settle(page);
      await bannerReady(page);
      await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    }
    const samePage = (page: Page) =>
      page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true);
    const count = (page: Page) =>
      page
        .locator("header [data-testid=cart-count]")
        .first()
        .innerText()
        .then((text) => Number(text.trim()));

    await h.check(`${label} an answer in one tab closes the banner in the other`, async () => {
      await first.locator(`${BANNER} button[value=none]`).click();
      await first.locator(BANNER).waitFor({ state: "hidden", timeout: STEP_MS });
      await second.locator(BANNER).waitFor({ state: "hidden", timeout: STEP_MS });
      if (!(await samePage(second))) return "the other tab reloaded";
    });

    await h.check(`${label} a product added in one tab shows in the other's header`, async () => {
      const before = await count(second);
      await first.locator("main article h3 a[href]").first().click();
      const add = first.locator("[data-testid=add-to-cart]");
      await add.waitFor({ state: "visible", timeout: STEP_MS });
      await hydrated(first, "[data-testid=add-to-cart]");
      await add.click();
      await first.locator("[data-testid=added-to-cart]").waitFor({ state: "visible", timeout: STEP_MS });
      await second.waitForFunction(
        (old) => Number(document.querySelector("header [data-testid=cart-count]")?.textContent?.trim()) > old,
        before,
        { timeout: STEP_MS },
      );
      if (!(await samePage(second))) return "the other tab reloaded";
    });

    // A change nobody announced (made by a request of its own): the other tab learns of it when it gets focus again.
    const silentAdd = () =>
      first.evaluate(async () => {
        const form = document.querySelector<HTMLFormElement>("form[action$='/cart']");
        if (!form) throw new Error("no add-to-cart form");
        const response = await fetch(`${form.action}.data`, { method: "POST", body: new FormData(form) });
        if (!response.ok) throw new Error(`cart ${response.status}`);
      });
    await h.check(
      `${label} on focus (a minute after the last read) the header follows a change made elsewhere`,
      async () => {
        const before = await count(second);
        await silentAdd();
        await second.clock.fastForward(61_000);
        await second.evaluate(() => window.dispatchEvent(new Event("focus")));
        await second.waitForFunction(
          (old) => Number(document.querySelector("header [data-testid=cart-count]")?.textContent?.trim()) > old,
          before,
          { timeout: STEP_MS },
        );
      },
    );
    await h.check(`${label} every 24 hours the header follows too, without focus`, async () => {
      const before = await count(second);
      await silentAdd();
      await second.clock.fastForward(24 * 60 * 60 * 1000);
      await second.waitForFunction(
        (old) => Number(document.querySelector("header [data-testid=cart-count]")?.textContent?.trim()) > old,
        before,
        { timeout: STEP_MS },
      );
      if (!(await samePage(second))) return "the tab reloaded";
    });
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** The footer's icons: the local endpoint; past 1500 ms the public service; without either, the fallback. Never a shift. */
async function iconsJourney(h: Part, browser: Browser, port: number) {
  const label = "[WPX-PL phone icons]";
  const drawn = (page: Page) =>
    page
      .locator("footer [data-icon]")
      .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).style.maskImage));
  const waitDrawn = (page: Page) =>
    page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>("footer [data-icon]")].every((element) => element.style.maskImage),
      null,
      { timeout: STEP_MS },
    );
  for (const mode of ["local", "slow local", "none"] as const) {
    const { context, seen } = await visitorContext(browser, h.viewports.phone, { iconService: mode !== "none" });
    try {
      if (mode !== "local") {
        await context.route("**/api/icons/**", async (route) => {
          if (mode === "none") return route.abort();
          await new Promise((resolve) => setTimeout(resolve, 2500));
          return route.continue().catch(() => undefined);
        });
      }
      const page = await context.newPage();
      await page.goto(`${origin(PL, port)}/`, { waitUntil: "load" });
      await h.check(
        `${label} ${mode}: every footer icon is drawn from ${mode === "local" ? "the local endpoint" : mode === "slow local" ? "the public service" : "the fallback"}, without a shift`,
        async () => {
          await waitDrawn(page);
          const images = await drawn(page);
          if (!images.length) return "no icons in the footer";
          if (mode === "local") {
            if (!seen.localIcons.length) return "the local endpoint was not asked";
            if (seen.iconService.length) return `the public service was asked: ${seen.iconService[0]}`;
            if (seen.localIcons.length > 1) return `${seen.localIcons.length} requests, expected one for all icons`;
          } else if (mode === "slow local") {
            if (!seen.iconService.length) return "the public service was not asked";
            if (!images.every((image) => decodeURIComponent(image).includes("M4 4h16v16H4z")))
              return "not the public service's drawings";
          } else if (!images.every((image) => decodeURIComponent(image).includes("circle")))
            return "not the fallback drawing";
          if ((await cls(page)) > 0) return `CLS ${await cls(page)}`;
        },
      );
      if (mode === "local") {
        await page.locator("footer").scrollIntoViewIfNeeded();
        await evidenceShot(h, page, shot(h, "wpx-pl-phone-footer-icons"), { fullPage: false });
        await h.check(`${label} the bootstrap config is read once, then not again within the hour`, async () => {
          await page.waitForFunction(() => localStorage.getItem("bootstrap-config") !== null, null, {
            timeout: STEP_MS,
          });
          await page.goto(`${origin(PL, port)}/offers`, { waitUntil: "load" });
          await h.settle(page);
          if (seen.bootstrap.length !== 1) return `${seen.bootstrap.length} requests to /api/bootstrap.json`;
        });
      }
    } catch (error) {
      h.record(false, `${label} ${mode}: unexpected error`, message(error));
    } finally {
      await context.close().catch(() => undefined);
    }
  }
}

/**
 * The page reload guard (SPEC 9: 10 seconds): the banner's answers that change the page's tags reload it through the
 * guard, so a second one within 10 seconds of the first is refused (the page stays, the answer is kept), and the same
 * answer given after that reloads it.
 */
async function reloadGuardJourney(h: Part, browser: Browser, port: number) {
  const label = "[TZ-ES desktop reload guard]";
  const { context } = await visitorContext(browser, h.viewports.desktop);
  const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  const samePage = (page: Page) =>
    page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true);
  const answer = async (page: Page, button: "all" | "none") => {
    await hydrated(page).catch(() => undefined);
    await bannerReady(page);
    await page.locator("footer a[href='#cookie-settings']").click();
    await page.locator(BANNER).waitFor({ state: "visible", timeout: STEP_MS });
    await page.locator(`${BANNER} button[value=${button}]`).click();
  };
  try {
    const page = await context.newPage();
    await page.goto(`${origin(TZ, port)}/`, { waitUntil: "load" });
    await h.settle(page);
    await bannerReady(page);
    let reloadedAt = 0;
    await h.check(`${label} accept all adds the brand's tags: the page reloads once, through the guard`, async () => {
      await mark(page);
      await Promise.all([
        page.waitForEvent("load", { timeout: STEP_MS }),
        page.locator(`${BANNER} button[value=all]`).click(),
      ]);
      reloadedAt = Date.now();
      await h.settle(page);
      if (await samePage(page)) return "the page did not reload";
      const stamp = Number(await page.evaluate(() => sessionStorage.getItem("page-reload-at")));
      if (!stamp) return "the reload did not go through the guard (no page-reload-at in sessionStorage)";
    });
    await h.check(
      `${label} reject all within 10 s withdraws the tags, but the guard refuses a second reload: the page stays`,
      async () => {
        await mark(page);
        await answer(page, "none");
        await page.locator(BANNER).waitFor({ state: "hidden", timeout: STEP_MS });
        await page.waitForTimeout(1_500);
        const elapsed = Date.now() - reloadedAt;
        if (elapsed >= 10_000) return `too slow to tell: ${elapsed} ms since the first reload`;
        if (!(await samePage(page))) return `the page reloaded again ${elapsed} ms after the first`;
        if (!(await consentCookie(context))?.startsWith(`${CONSENT_VERSION}.a0.n0.`))
          return `the answer was not kept: ${await consentCookie(context)}`;
      },
    );
    await evidenceShot(h, page, shot(h, "tz-es-desktop-reload-refused"), { fullPage: false });
    await h.check(`${label} past 10 s, the same answer reloads the page, and the withdrawn tags are gone`, async () => {
      if ((await tagsRun(page)).length === 0)
        return "the tags of the first answer are not running (nothing to withdraw)";
      await page.waitForTimeout(Math.max(0, reloadedAt + 10_500 - Date.now()));
      await mark(page);
      await Promise.all([page.waitForEvent("load", { timeout: STEP_MS }), answer(page, "none")]);
      await h.settle(page);
      if (await samePage(page)) return "the page did not reload";
      if ((await tagsRun(page)).length) return `tags still run: ${await tagsRun(page)}`;
    });
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** GA4's ids reach a visitor's session once GA4 runs with analytics consent, and only then. */
async function ga4Journey(h: Part, browser: Browser, port: number) {
  const label = "[TZ-ES desktop GA4 ids]";
  const { context, seen } = await visitorContext(browser, h.viewports.desktop);
  try {
    const page = await context.newPage();
    const home = `${origin(TZ, port)}/`;
    // A visitor with a session (a cart, say): the session is made on first use.
    await page.goto(`${origin(TZ, port)}/api/session`);
    await page.goto(home, { waitUntil: "load" });
    await h.settle(page);
    await bannerReady(page);
    await Promise.all([
      page.waitForEvent("load", { timeout: STEP_MS }),
      page.locator(`${BANNER} button[value=all]`).click(),
    ]);
    await h.check(
      `${label} after accept all the session holds GA4's client id, session id and number, sent once`,
      async () => {
        const read = () =>
          page.evaluate(async () => (await fetch("/api/session")).json() as Promise<Record<string, unknown>>);
        let session = await read();
        for (
          const until = Date.now() + STEP_MS;
          session.ga4ClientId === null && Date.now() < until;
          session = await read()
        )
          await page.waitForTimeout(500);
        if (
          session.ga4ClientId !== "111.1764100000" ||
          session.ga4SessionId !== "1764100000" ||
          session.ga4SessionNumber !== 2
        )
          return JSON.stringify(session);
        await page.goto(`${origin(TZ, port)}/offers`, { waitUntil: "load" });
        await h.settle(page);
        if (seen.ga4Posts.length !== 1)
          return `${seen.ga4Posts.length} posts of the ids, expected one (they did not change)`;
      },
    );
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * Every brand, a first-time visitor from a campaign link: no request reaches an ad or analytics host (any host but the
 * shop's, the public icon service aside), nor the shop's own page events, before an answer; "Accept all" then tells
 * Consent Mode once.
 */
async function beforeConsentJourney(h: Part, browser: Browser, port: number, slug: string, tags: boolean) {
  const label = `[${slug} desktop consent: nothing before an answer]`;
  const { context } = await visitorContext(browser, h.viewports.desktop);
  const home = `http://${slug.toLowerCase()}.localhost:${port}`;
  const measuring: string[] = [];
  context.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === ICON_SERVICE) return;
    if (url.origin !== home || url.pathname === "/api/event/page" || url.pathname === "/api/marketing/landing")
      measuring.push(`${request.method()} ${request.url()}`);
  });
  try {
    const page = await context.newPage();
    await page.goto(`${home}/?utm_source=partner&utm_medium=cpc&utm_campaign=demo&gclid=e2e-${slug}&fbclid=e2e`, {
      waitUntil: "load",
    });
    await h.settle(page);
    await bannerReady(page);
    const link = page.locator("main article h3 a[href]").first();
    const href = await link.getAttribute("href");
    await hydrated(page).catch(() => undefined);
    await Promise.all([page.waitForURL((url) => url.pathname === href, { timeout: STEP_MS }), link.click()]);
    await h.settle(page);
    await h.check(
      `${label} no request to an ad or analytics host, nor a page event, on a landing and a product page`,
      async () => {
        if (!(await bannerOpen(page))) return "the banner is not asking";
        if (measuring.length) return `${measuring.length}: ${measuring.slice(0, 4).join(", ")}`;
        const marketing = (await context.cookies())
          .filter((cookie) => !["consent", "viewport"].includes(cookie.name))
          .map((cookie) => cookie.name);
        if (marketing.length) return `cookies before an answer: ${marketing.join(", ")}`;
      },
    );
    await bannerReady(page);
    await Promise.all([
      tags ? page.waitForEvent("load", { timeout: STEP_MS }) : Promise.resolve(),
      page.locator(`${BANNER} button[value=all]`).click(),
    ]);
    await page.locator(BANNER).waitFor({ state: "hidden", timeout: STEP_MS });
    await h.settle(page);
    await h.check(`${label} after Accept all, Consent Mode holds one update, all granted`, async () => {
      const updates = await updatesAfterAnswer(page);
      if (updates.length !== 1 || Object.values(updates[0]!).some((state) => state !== "granted"))
        return `updates: ${JSON.stringify(updates)}`;
    });
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * Global Privacy Control (Sec-GPC and navigator.globalPrivacyControl) in TZ-ES, which uses every tag: the banner asks,
 * saying ads stay off; analytics alone leaves ads denied (no ad tag, no ad cookie); Cookie settings show the consent
 * id; ticking ads there is an explicit grant.
 */
async function gpcJourney(h: Part, browser: Browser, port: number, viewport: "phone" | "desktop") {
  const label = `[TZ-ES ${viewport} consent: Global Privacy Control]`;
  const t = translator(TZ.locale);
  const { context, seen } = await visitorContext(browser, h.viewports[viewport], { gpc: true });
  try {
    const page = await context.newPage();
    const errors = h.trackErrors(page);
    await page.goto(`${origin(TZ, port)}/?utm_source=partner&utm_medium=cpc&utm_campaign=gpc&gclid=gpc-click`, {
      waitUntil: "load",
    });
    await h.settle(page);
    await bannerReady(page);
    await h.check(
      `${label} the banner asks, saying ads stay off; nothing loads and Consent Mode is all denied`,
      async () => {
        if (!(await bannerOpen(page))) return "no banner";
        const note = (
          await page
            .locator(`${BANNER} [data-testid=consent-gpc]`)
            .innerText()
            .catch(() => "")
        ).trim();
        if (note !== t("consent.gpc")) return `GPC note "${note}"`;
        if (seen.tagRequests.length) return `tag requests: ${seen.tagRequests.join(", ")}`;
        if ((await consentUpdates(page)).length) return "a consent update before any answer";
      },
    );
    await evidenceShot(h, page, shot(h, `tz-es-${viewport}-gpc-1-banner`), { fullPage: false });

    await page.locator(`${BANNER} summary`).click();
    await page.locator(`${BANNER} input[name=analytics]`).check();
    await Promise.all([
      page.waitForEvent("load", { timeout: STEP_MS }),
      page.locator(`${BANNER} button[value=save]`).click(),
    ]);
    await h.settle(page);
    await h.check(
      `${label} analytics alone: ads denied, no ad tag, no ad cookie; the decision kept with the signal`,
      async () => {
        const value = await consentCookie(context);
        if (!value?.startsWith(`${CONSENT_VERSION}.a0.n1.`) || !/\.g1\.[0-9a-f-]{36}$/.test(value))
          return `consent cookie ${value}`;
        const ran = (await tagsRun(page)).sort();
        if (JSON.stringify(ran) !== JSON.stringify(["ga4", "reviewBadge"]))
          return `tags that ran: ${JSON.stringify(ran)}`;
        if (seen.tagRequests.some((url) => url.includes("onesignal"))) return "push notifications (ads) were asked for";
        const updates = await consentUpdates(page);
        if (updates.at(-1)?.ad_storage !== "denied" || updates.at(-1)?.analytics_storage !== "granted")
          return `Consent Mode: ${JSON.stringify(updates)}`;
        const adCookies = (await context.cookies())
          .filter((cookie) => ["clickid", "afcust", "awc"].includes(cookie.name))
          .map((cookie) => cookie.name);
        if (adCookies.length) return `ad cookies: ${adCookies.join(", ")}`;
      },
    );

    let consentId = "";
    await h.check(`${label} Cookie settings show the consent id the cookie holds`, async () => {
      await hydrated(page).catch(() => undefined);
      await bannerReady(page);
      await page.locator("footer a[href='#cookie-settings']").click();
      await page.locator(BANNER).waitFor({ state: "visible", timeout: 5_000 });
      await page.locator(`${BANNER} summary`).click();
      const shown = page.locator(`${BANNER} [data-testid=consent-id]`);
      await shown.waitFor({ state: "visible", timeout: STEP_MS });
      consentId = (await shown.innerText()).trim();
      const value = await consentCookie(context);
      if (!value?.endsWith(`.${consentId}`)) return `shown ${consentId}, cookie ${value}`;
      if (!(await page.locator(`${BANNER} [data-testid=consent-id-line]`).innerText()).includes(t("consent.id")))
        return "the id is not labelled";
    });
    await evidenceShot(h, page, shot(h, `tz-es-${viewport}-gpc-2-settings-id`), { fullPage: false });

    await h.check(
      `${label} ticking ads there is an explicit grant: the ad tag loads, under the same consent id`,
      async () => {
        await page.locator(`${BANNER} input[name=ads]`).check();
        await Promise.all([
          page.waitForEvent("load", { timeout: STEP_MS }),
          page.locator(`${BANNER} button[value=save]`).click(),
        ]);
        await h.settle(page);
        const value = await consentCookie(context);
        if (!value?.startsWith(`${CONSENT_VERSION}.a1.n1.`) || !value.endsWith(`.g1.${consentId}`))
          return `consent cookie ${value}`;
        if (!(await tagsRun(page)).includes("pushNotifications"))
          return `tags that ran: ${JSON.stringify(await tagsRun(page))}`;
        if ((await consentUpdates(page)).at(-1)?.ad_storage !== "granted") return "ads not granted in Consent Mode";
      },
    );
    await h.check(`${label} no console/page errors`, () =>
      errors.length ? `${errors.length}: ${errors.slice(0, 3).join(" | ")}` : "",
    );
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

/**
 * The chat channel (docs/decisions/0039) on the contact page of a brand that has one, at both sizes: nothing of the
 * provider loads with the page, whatever the consent; "Start the chat" opens the page again to start it, and only
 * then is the provider's script asked for and run (its stub draws a widget).
 */
async function chatJourney(h: Part, browser: Browser, port: number, viewport: "phone" | "desktop") {
  const label = `[WPX-PL ${viewport} chat]`;
  const { context, seen } = await visitorContext(browser, h.viewports[viewport]);
  try {
    const page = await context.newPage();
    const errors = h.trackErrors(page);
    await page.goto(`${origin(PL, port)}/contact`, { waitUntil: "load" });
    await h.settle(page);
    await hydrated(page);
    await h.check(`${label} the contact page offers the chat without loading its provider`, async () => {
      const start = page.locator("[data-testid=chat-start]");
      if (!(await start.isVisible())) return "no Start the chat button";
      if (seen.chatRequests.length) return `the provider was asked before the visitor did: ${seen.chatRequests[0]}`;
      await evidenceShot(h, page, shot(h, `chat-offered-${viewport}`));
    });
    await h.check(
      `${label} starting it loads the provider's script, allowed on that page only, and the widget shows`,
      async () => {
        await Promise.all([
          page.waitForURL((url) => url.searchParams.get("chat") === "start"),
          page.locator("[data-testid=chat-start]").click(),
        ]);
        await page.locator("[data-chat-widget]").waitFor({ state: "attached", timeout: STEP_MS });
        await page
          .locator("[data-testid=chat-state][data-state=ready]")
          .waitFor({ state: "visible", timeout: STEP_MS });
        if (seen.chatRequests.length !== 1) return `${seen.chatRequests.length} requests to the provider`;
        if (errors.length) return `page errors: ${errors.slice(0, 2).join(" | ")}`;
        await evidenceShot(h, page, shot(h, `chat-started-${viewport}`));
      },
    );
  } catch (error) {
    h.record(false, `${label} unexpected error`, message(error));
  } finally {
    await context.close().catch(() => undefined);
  }
}

export async function runConsent(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
) {
  const started = Date.now();
  const journeys: ((p: Part) => Promise<void>)[] = [
    ...BRANDS.flatMap((brand) =>
      (["phone", "desktop"] as const).map((viewport) => (p: Part) => bannerJourney(p, browser, port, brand, viewport)),
    ),
    (p) => keyboardJourney(p, browser, port),
    (p) => noJsJourney(p, browser, port),
    (p) => axeJourney(p, browser, port),
    (p) => tabsJourney(p, browser, port),
    (p) => iconsJourney(p, browser, port),
    (p) => ga4Journey(p, browser, port),
    ...ALL_BRANDS.map(
      (brand) => (p: Part) =>
        beforeConsentJourney(
          p,
          browser,
          port,
          brand.slug,
          Object.values(brand.tags).some((tag) => tag !== null),
        ),
    ),
    ...(["phone", "desktop"] as const).map((viewport) => (p: Part) => gpcJourney(p, browser, port, viewport)),
    ...(["phone", "desktop"] as const).map((viewport) => (p: Part) => chatJourney(p, browser, port, viewport)),
    (p) => reloadGuardJourney(p, browser, port),
  ];
  const parts = journeys.map((journey) => {
    const { p, flush } = part(h);
    return { run: () => journey(p), flush };
  });
  await inPool(parts, parts.length, printAfter, 1);
  console.log(`info  consent journeys done ${Math.round((Date.now() - started) / 1000)}s after they were started`);
}

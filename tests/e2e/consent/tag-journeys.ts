import type { Browser, Request } from "playwright-core";
import { CONSENT_VERSION } from "#contract/marketing/consent.ts";
import { ICON_SERVICE } from "../browser.ts";
import { translator } from "../buying/journey.ts";
import { evidenceShot, hydrated, message, type Part } from "../harness.ts";
import {
  STEP_MS,
  BANNER,
  PL,
  TZ,
  origin,
  consentUpdates,
  updatesAfterAnswer,
  visitorContext,
  bannerOpen,
  bannerReady,
  consentCookie,
  tagsRun,
  shot,
} from "./visitor.ts";

// Journeys of the tags by consent: GA4's ids, nothing before an answer, Global Privacy Control, the chat.

/** GA4's ids reach a visitor's session once GA4 runs with analytics consent, and only then. */
export async function ga4Journey(h: Part, browser: Browser, port: number) {
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
export async function beforeConsentJourney(h: Part, browser: Browser, port: number, slug: string, tags: boolean) {
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
export async function gpcJourney(h: Part, browser: Browser, port: number, viewport: "phone" | "desktop") {
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
    // The tab reloaded itself here: the page reload guard holds its next reload for 10 s (decision 0037).
    const reloadedAt = Date.now();
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
        // As a visitor who read the settings for a while: past the reload guard (10 s), the grant reloads the page.
        await page.waitForTimeout(Math.max(0, reloadedAt + 10_500 - Date.now()));
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
export async function chatJourney(h: Part, browser: Browser, port: number, viewport: "phone" | "desktop") {
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

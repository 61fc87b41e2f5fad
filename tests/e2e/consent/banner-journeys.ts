import type { Browser } from "playwright-core";
import { CONSENT_VERSION } from "#contract/marketing/consent.ts";
import { translator } from "../buying/journey.ts";
import { axeProblems } from "../axe.ts";
import { evidenceShot, hydrated, message, type Part } from "../harness.ts";
import {
  STEP_MS,
  BANNER,
  type ConsentBrand,
  PL,
  TZ,
  DK,
  origin,
  updatesAfterAnswer,
  visitorContext,
  bannerOpen,
  bannerReady,
  consentCookie,
  cls,
  tagsRun,
  shot,
  equalButtons,
} from "./visitor.ts";

/**
 * One brand at one size: the banner, its screenshot, the brand's choice, what loads after it, reopening from the
 * footer.
 */
export async function bannerJourney(
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
export async function keyboardJourney(h: Part, browser: Browser, port: number) {
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

/**
 * Without JavaScript: the plain form posts the answer and comes back; the footer's link opens the banner by its
 * fragment.
 */
export async function noJsJourney(h: Part, browser: Browser, port: number) {
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
export async function axeJourney(h: Part, browser: Browser, port: number) {
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

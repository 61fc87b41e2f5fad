import type { Browser, Page } from "playwright-core";
import { CONSENT_VERSION } from "#contract/marketing/consent.ts";
import { STAND_IN_ICON_PATH } from "../browser.ts";
import { evidenceShot, hydrated, message, type Part } from "../harness.ts";
import {
  STEP_MS,
  BANNER,
  PL,
  TZ,
  DK,
  origin,
  visitorContext,
  bannerReady,
  consentCookie,
  cls,
  tagsRun,
  shot,
} from "./visitor.ts";

// Journeys across tabs, reloads and the footer's icons.

/** How many visits the footer's icons get to find the local endpoint answering within the page's 1500 ms. */
const LOCAL_VISITS = 3;

/**
 * Two tabs of one browser: an answer, a product added, in one shows in the other without a reload; focus and a day
 * later read the session again.
 */
export async function tabsJourney(h: Part, browser: Browser, port: number) {
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

/**
 * The footer's icons: the local endpoint; past 1500 ms the public service; without either, the fallback. Never a shift.
 */
export async function iconsJourney(h: Part, browser: Browser, port: number) {
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
  // A context whose local icon endpoint is as the mode wants it.
  const open = async (mode: "local" | "slow local" | "none") => {
    const opened = await visitorContext(browser, h.viewports.phone, { iconService: mode !== "none" });
    if (mode !== "local") {
      await opened.context.route("**/api/icons/**", async (route) => {
        if (mode === "none") return route.abort();
        await new Promise((resolve) => setTimeout(resolve, 2500));
        return route.continue().catch(() => undefined);
      });
    }
    return opened;
  };
  for (const mode of ["local", "slow local", "none"] as const) {
    let opened: Awaited<ReturnType<typeof open>> | undefined;
    try {
      // In "local" mode a store answer later than the page's 1500 ms (a loaded machine) rightly sends the page to the
      // public service: that visit proves the fallback, not the local path, so up to LOCAL_VISITS are made and the
      // local path is judged on the last.
      let page: Page;
      for (let visit = 1; ; visit++) {
        await opened?.context.close().catch(() => undefined);
        opened = await open(mode);
        page = await opened.context.newPage();
        await page.goto(`${origin(PL, port)}/`, { waitUntil: "load" });
        await waitDrawn(page).catch(() => undefined);
        if (mode !== "local" || !opened.seen.localIconsUnanswered.length || visit === LOCAL_VISITS) break;
      }
      const { seen } = opened;
      await h.check(
        `${label} ${mode}: every footer icon is drawn from ${mode === "local" ? "the local endpoint" : mode === "slow local" ? "the public service" : "the fallback"}, without a shift`,
        async () => {
          await waitDrawn(page);
          const images = await drawn(page);
          if (!images.length) return "no icons in the footer";
          if (mode === "local") {
            if (seen.localIconsUnanswered.length)
              return `the local endpoint answered after 1500 ms on all ${LOCAL_VISITS} visits`;
            if (!seen.localIcons.length) return "the local endpoint was not asked";
            if (seen.iconService.length) return `the public service was asked: ${seen.iconService[0]}`;
            if (seen.localIcons.length > 1) return `${seen.localIcons.length} requests, expected one for all icons`;
          } else if (mode === "slow local") {
            if (!seen.iconService.length) return "the public service was not asked";
            if (!images.every((image) => decodeURIComponent(image).includes(STAND_IN_ICON_PATH)))
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
      await opened?.context.close().catch(() => undefined);
    }
  }
}

/**
 * The page reload guard (SPEC 9: 10 seconds): the banner's answers that change the page's tags reload it through the
 * guard, so a second one within 10 seconds of the first is refused (the page stays, the answer is kept), and the same
 * answer given after that reloads it.
 */
export async function reloadGuardJourney(h: Part, browser: Browser, port: number) {
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

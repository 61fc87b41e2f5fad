import { writeFileSync } from "node:fs";
import { assert, ready, screenshot, shot, squash, type Journey } from "../buying/journey.ts";
import type { Step } from "../buying.ts";
import { evidenceShot } from "../harness.ts";
import { STEP_MS, routeOf, withoutPrefix, open, signOut } from "./journey.ts";
import { stamp } from "../accounts.ts";

// Signing in with another provider (OpenID Connect), and the client's auth status.

/** The other sign-in provider (tests/setup/oidc-provider.ts, started by run.ts): its name and where it answers. */
export type OtherProvider = { name: string; issuer: string };
const ACCOUNT_LINK = "header [data-testid=account-link]";

/** The header's account link says who is in (SPEC 4's auth status): the status and where it leads. */
async function authStatus(j: Journey) {
  const link = j.page.locator(ACCOUNT_LINK).first();
  return {
    status: await link.getAttribute("data-auth-status"),
    href: withoutPrefix(j, (await link.getAttribute("href")) ?? ""),
  };
}

/**
 * The hand-off to another provider's sign-in (SPEC 9: the unauthenticated external redirect waits 60 s): a notice
 * says where the visitor is going, with Cancel, while the browser has not left; after a minute the page stops waiting
 * and says so. "cancel": the browser's way there is dropped at once (the page stays readable), and Cancel ends the
 * hand-off. "a minute": the provider does not answer; while the browser is on its way Chromium runs no script for
 * DevTools (Playwright's page calls wait for the navigation), so the page is seen by a DevTools screenshot, and is
 * free again exactly when it gives up.
 */
export function providerHandOff(provider: OtherProvider, wait: "cancel" | "a minute"): Step["run"] {
  return async (j) => {
    const { t, page } = j;
    const problems: string[] = [];
    const toProvider: string[] = [];
    const onRequest = (request: { url(): string }) =>
      void (request.url().startsWith(`${provider.issuer}/auth`) && toProvider.push(request.url()));
    page.on("request", onRequest);
    const button = page.locator("[data-testid=signin-provider]");
    const notice = page.locator("[data-testid=provider-leaving]");
    const handOff = (timeout = STEP_MS) =>
      page.locator("form[data-hand-off]").getAttribute("data-hand-off", { timeout });
    try {
      // A guest in the shop: the header's status is "loading" in the document the server sent, until hydrated.
      const home = await page.goto(`${j.origin}${j.brand.prefix || "/"}`, { waitUntil: "load" });
      assert(home?.status() === 200, `home: status ${home?.status()}`);
      await j.h.settle(page);
      const raw = await page.evaluate(async () => (await fetch(location.href)).text());
      if (!/data-auth-status="loading"[^>]*data-testid="account-link"/.test(raw))
        problems.push('the server\'s page does not say "loading" before hydration');
      await page
        .locator(`${ACCOUNT_LINK}[data-auth-status=unauthenticated]`)
        .waitFor({ state: "attached", timeout: STEP_MS });
      const before = await authStatus(j);
      if (before.href !== "/login") problems.push(`a guest's header leads to ${before.href}`);

      await open(j, "/login");
      await ready(j, "[data-testid=signin-provider]");
      await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
      if (wait === "cancel") {
        await page.route("**/api/auth/signin/**", (route) => route.abort("aborted"));
        await button.click({ noWaitAfter: true });
        await notice.waitFor({ state: "visible", timeout: STEP_MS });
        const said = squash(await notice.locator("p").innerText());
        if (said !== t("auth.provider.leaving", { provider: provider.name }))
          problems.push(`the notice says "${said}"`);
        if ((await button.getAttribute("aria-disabled")) !== "true")
          problems.push("the provider's button is not marked busy during the hand-off");
        await evidenceShot(j.h, page, shot(j, "provider-leaving"), { fullPage: false });
        await notice.locator("[data-testid=provider-cancel]").click();
        await notice.waitFor({ state: "hidden", timeout: STEP_MS });
        if ((await handOff()) !== "idle") problems.push(`after Cancel the hand-off is ${await handOff()}`);
        await page.unroute("**/api/auth/signin/**");
      } else {
        // When the form went and when the page stopped the browser, by the page's own clock.
        await page.evaluate(() => {
          const marks = window as unknown as { __sentAt?: number; __stoppedAt?: number };
          document.addEventListener(
            "submit",
            () => {
              marks.__sentAt = Date.now();
            },
            true,
          );
          const stop = window.stop.bind(window);
          window.stop = () => {
            marks.__stoppedAt = Date.now();
            stop();
          };
        });
        await holdProvider(provider, true);
        // The navigation it starts does not commit while the provider is held: the click must not wait for it.
        await button.click({ noWaitAfter: true });
        const clickedAt = Date.now();
        for (const end = Date.now() + STEP_MS; !toProvider.length && Date.now() < end; )
          await new Promise((done) => setTimeout(done, 200));
        assert(toProvider.length, "the browser did not go to the provider's sign-in");
        const devtools = await page.context().newCDPSession(page);
        const picture = (await devtools.send("Page.captureScreenshot", { format: "png" })) as { data: string };
        await devtools.detach().catch(() => undefined);
        writeFileSync(shot(j, "provider-waiting"), Buffer.from(picture.data, "base64"));
        // A little over a minute later the provider drops what it held: had the page not stopped the browser by then,
        // the browser would show its own error page instead of the shop's.
        await new Promise((done) => setTimeout(done, Math.max(0, clickedAt + 63_000 - Date.now())));
        await holdProvider(provider, false);
        const marks = await page.evaluate(() => {
          const { __sentAt: sent, __stoppedAt: stopped } = window as unknown as {
            __sentAt?: number;
            __stoppedAt?: number;
          };
          return { sent, stopped };
        });
        const waited = marks.sent && marks.stopped ? marks.stopped - marks.sent : null;
        if (waited === null || waited < 59_500 || waited > 61_500)
          problems.push(
            `the page stopped the browser ${waited === null ? "never" : `${(waited / 1000).toFixed(1)} s after the form went`}, not a minute`,
          );
        const state = await handOff(5_000).catch(() => `gone (the page is ${page.url()})`);
        if (state !== "stalled") problems.push(`the hand-off is ${state} after a minute`);
        const text = squash(
          await page
            .locator("[data-testid=provider-stalled]")
            .innerText({ timeout: 5_000 })
            .catch(() => ""),
        );
        if (text !== t("auth.provider.stalledWithPassword", { provider: provider.name }))
          problems.push(`after a minute it says "${text}"`);
        if (await notice.isVisible()) problems.push("the notice still shows after a minute");
        await screenshot(j, "provider-stalled");
        await holdProvider(provider, false);
      }
      await page.waitForTimeout(1_000);
      if (routeOf(j, page.url()) !== "/login") problems.push(`the visitor left for ${page.url()}`);
      if (!(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true)))
        problems.push("the page was left or reloaded");
      if ((await button.getAttribute("aria-disabled")) !== null) problems.push("the provider's button stays busy");
      return problems.join("; ");
    } finally {
      page.off("request", onRequest);
      // Only the step that held the provider lets it go (the provider is shared with the journeys beside this one).
      if (wait === "a minute") await holdProvider(provider, false);
    }
  };
}

/**
 * Makes the provider's sign-in page hang (it answers nothing; let go, it drops what it held), as a provider that is
 * down.
 */
async function holdProvider(provider: OtherProvider, hold: boolean) {
  const answer = await fetch(`${provider.issuer}/test/hold`, { method: "POST", body: hold ? "on" : "off" });
  assert(answer.ok, `the provider did not take /test/hold: ${answer.status}`);
}

/** The provider lets the visitor in: back in the shop signed in, the header says so; signing out says so too. */
export function providerSignsIn(provider: OtherProvider): Step["run"] {
  return async (j) => {
    const problems: string[] = [];
    const person = {
      sub: `e2e-${stamp()}`,
      email: `e2e.oidc.${stamp()}@example.com`,
      email_verified: true,
      given_name: "Ida",
      family_name: "Holm",
    };
    const told = await fetch(`${provider.issuer}/test/person`, { method: "POST", body: JSON.stringify(person) });
    assert(told.ok, `the provider did not take its person: ${told.status}`);
    await open(j, "/login");
    await ready(j, "[data-testid=signin-provider]");
    await Promise.all([
      j.page.waitForURL((url) => routeOf(j, url.href) === "/accounts/home", { timeout: STEP_MS }),
      j.page.locator("[data-testid=signin-provider]").click(),
    ]);
    await j.page.waitForLoadState("load");
    await j.h.settle(j.page);
    await j.page
      .locator(`${ACCOUNT_LINK}[data-auth-status=authenticated]`)
      .waitFor({ state: "attached", timeout: STEP_MS });
    const inside = await authStatus(j);
    if (inside.href !== "/accounts/home") problems.push(`signed in, the header leads to ${inside.href}`);
    const footer = j.page.locator(`footer a[data-auth-status]`);
    if (withoutPrefix(j, (await footer.getAttribute("href")) ?? "") !== "/accounts/home")
      problems.push("the footer's account link does not lead to the account");
    await screenshot(j, "provider-signed-in");
    await signOut(j);
    await j.page
      .locator(`${ACCOUNT_LINK}[data-auth-status=unauthenticated]`)
      .waitFor({ state: "attached", timeout: STEP_MS });
    if ((await authStatus(j)).href !== "/login") problems.push("signed out, the header still leads to the account");
    return problems.join("; ");
  };
}

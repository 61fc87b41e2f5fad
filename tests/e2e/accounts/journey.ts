import { execFile } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { assert, squash, type Journey } from "../buying/journey.ts";
import type { BuyingBrand } from "../buying/brands.ts";
import { hydrated, message } from "../harness.ts";

// An accounts journey's state and helpers: pages, forms, signing in and out, the local mailbox, the operator's answers.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
/** A form post and its redirect, or a page of the accounts area (one more API call each): generous for 2 cores. */
export const STEP_MS = 20_000;
/** The demo accounts' password (workers/product-api/operator/demo-accounts.ts, listed in the README). */
export const DEMO_PASSWORD = "Demo-store-2026";
export const demoEmail = (role: "customer" | "master", brand: Pick<BuyingBrand, "slug">) =>
  `${role}.${brand.slug.toLowerCase()}@example.com`;

/** Each journey brand's own language (app/lib/brand/brands.ts), where its e-mails lead. */
export const DEFAULT_LOCALE: Record<string, string> = {
  "WPX-PL": "pl",
  "WPX-ES": "es",
  "WPX-DK": "da",
  "WPX-CZ": "cs",
};
/** What a journey made on its way: its account, the products it put in the cart, its ticket, its e-mail links. */
export type State = {
  email: string;
  password: string;
  firstName: string;
  products: string[];
  counts: number[];
  ticket?: string;
  resetLink?: string;
  staffEmail?: string;
};

export const path = (j: Journey, to: string) => `${j.origin}${j.brand.prefix}${to}`;
export const pathOf = (url: string) => new URL(url).pathname;
/**
 * "/en/accounts/home" → "/accounts/home": the route, in the journey's locale or the brand's default one (an e-mail's
 * link).
 */
export function routeOf(j: Journey, url: string) {
  return withoutPrefix(j, pathOf(url));
}
export function withoutPrefix(j: Journey, path: string) {
  const { prefix } = j.brand;
  return prefix && (path === prefix || path.startsWith(`${prefix}/`)) ? path.slice(prefix.length) || "/" : path;
}

export async function open(j: Journey, to: string, status = 200) {
  const response = await j.page.goto(path(j, to), { waitUntil: "load" });
  assert(response?.status() === status, `${to}: status ${response?.status()}, expected ${status}`);
  if (j.js) await j.h.settle(j.page);
}

/** Clicks the submit button of the form holding `field`, and waits for the route `route` (after its redirects). */
export async function submit(
  j: Journey,
  field: string,
  route: (path: string) => boolean,
  button = "button[type=submit]",
) {
  if (j.js) await hydrated(j.page, field).catch(() => undefined);
  const form = j.page.locator("form").filter({ has: j.page.locator(field) });
  await Promise.all([
    j.page.waitForURL((url) => route(routeOf(j, url.href)), { timeout: STEP_MS }),
    form.locator(button).first().click(),
  ]);
  await j.page.waitForLoadState("load");
  // With JavaScript the URL changes before the new page has rendered: wait for its data and render.
  if (j.js) await j.h.settle(j.page);
}

export async function typeInto(j: Journey, values: Record<string, string>) {
  for (const [selector, value] of Object.entries(values)) await j.page.locator(selector).fill(value);
}

export async function textOf(page: Page, selector: string) {
  return squash(await page.locator(selector).first().innerText({ timeout: STEP_MS }));
}

export async function noOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  return scrollWidth > clientWidth ? `page is ${scrollWidth}px wide in a ${clientWidth}px viewport` : "";
}

/** The accounts area's navigation. */
export const ACCOUNTS_NAV = "[data-testid=accounts-nav]";

/** The accounts navigation's links, by route ("/accounts/orders", …). */
export async function navRoutes(j: Journey) {
  await j.page.locator(ACCOUNTS_NAV).waitFor({ state: "visible", timeout: STEP_MS });
  const hrefs = await j.page
    .locator(`${ACCOUNTS_NAV} a[href]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.map((href) => withoutPrefix(j, href));
}

export async function signOut(j: Journey) {
  if (!routeOf(j, j.page.url()).startsWith("/accounts")) await open(j, "/accounts/home");
  await submit(j, "[data-testid=sign-out]", (route) => route === "/", "[data-testid=sign-out]");
}

export async function signIn(j: Journey, email: string, password: string, lands: string) {
  await open(j, "/login");
  await typeInto(j, { "#signin-email": email, "#signin-password": password });
  await submit(j, "#signin-email", (route) => route === lands);
}

/** The newest e-mail to `to` in the local mailbox (/mailbox, newest first), and the first link in it to `linkPath`. */
export async function mail(j: Journey, to: string, linkPath?: string) {
  const page = await j.page.context().newPage();
  try {
    const response = await page.goto(`${j.origin}/mailbox`, { waitUntil: "load" });
    assert(response?.status() === 200, `/mailbox: status ${response?.status()}`);
    const item = page
      .locator("[data-testid=mail]")
      .filter({ hasText: `To ${to} ` })
      .first();
    assert((await item.count()) === 1, `no e-mail to ${to} in /mailbox`);
    const text = await item.innerText();
    const link = linkPath
      ? text.match(new RegExp(`https?://[^\\s]+${linkPath.replace(/[?]/g, "\\?")}[^\\s]*`))?.[0]
      : undefined;
    if (linkPath) assert(link, `the e-mail to ${to} has no link to ${linkPath}: ${squash(text).slice(0, 300)}`);
    return { text, subject: squash(await item.locator("strong").first().innerText()), link };
  } finally {
    await page.close();
  }
}

const execFileAsync = promisify(execFile);

/**
 * Support answers the ticket, the way an operator does locally (`npm run ticket:reply`), through the running server
 * (`--server`), so that the preview server stays the only process that writes the local D1. One at a time.
 */
let operator: Promise<unknown> = Promise.resolve();
export async function supportAnswers(j: Journey, ticket: string, answer: string) {
  const run = operator.then(() =>
    execFileAsync(
      process.execPath,
      [
        "scripts/ticket-reply.ts",
        ticket,
        answer,
        "--site-url",
        j.origin,
        "--server",
        `http://127.0.0.1:${new URL(j.origin).port}`,
      ],
      { cwd: ROOT, timeout: 60_000 },
    ),
  );
  operator = run.catch(() => undefined);
  try {
    await run;
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string };
    throw new Error(
      `npm run ticket:reply failed: ${squash(`${failed.stderr ?? ""} ${failed.stdout ?? ""}`).slice(-400) || message(error)}`,
    );
  }
}

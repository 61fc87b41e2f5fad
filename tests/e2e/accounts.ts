// Accounts journeys (issue 8), as people do them, with real clicks and typing: a shopper creates an account, fills a
// cart, signs out, fills a guest cart and signs in again (landing in checkout with both carts merged), writes to
// support and reads the answer, and resets a forgotten password through the local mailbox; a customer opens an invoice
// and downloads its PDF; a company invites a staff member with the orders permission only, who activates the account
// from the e-mail and sees orders but not invoices, each refused page saying why; the profile refuses an impossible
// birth date and says when the address is forgotten; the same without JavaScript; and a tour of every new page with
// screenshots (the harness audits every page with axe-core). Imported by run.ts like buying.ts, sharing its parts, pool
// and helpers.
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { addFromProductPage } from "./buying/cart-steps.ts";
import {
  assert,
  headerCount,
  moneyProblem,
  ready,
  screenshot,
  shot,
  squash,
  translator,
  type Journey,
} from "./buying/journey.ts";
import { runJourneys, type Plan, type Step } from "./buying.ts";
import { WPX_CZ, WPX_DK, WPX_ES, WPX_PL, type BuyingBrand } from "./buying/brands.ts";
import { axeProblems } from "./axe.ts";
import { evidenceShot, hydrated, message, type Harness } from "./catalogue.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** A form post and its redirect, or a page of the accounts area (one more API call each): generous for 2 cores. */
const STEP_MS = 20_000;
/** The demo accounts' password (workers/product-api/operator/demo-accounts.ts, listed in the README). */
export const DEMO_PASSWORD = "Demo-store-2026";
export const demoEmail = (role: "customer" | "master", brand: Pick<BuyingBrand, "slug">) =>
  `${role}.${brand.slug.toLowerCase()}@example.com`;

/** Each journey brand's own language (app/lib/brand/brands.ts), where its e-mails lead. */
const DEFAULT_LOCALE: Record<string, string> = { "WPX-PL": "pl", "WPX-ES": "es", "WPX-DK": "da", "WPX-CZ": "cs" };
/** What a journey made on its way: its account, the products it put in the cart, its ticket, its e-mail links. */
type State = {
  email: string;
  password: string;
  firstName: string;
  products: string[];
  counts: number[];
  ticket?: string;
  resetLink?: string;
  staffEmail?: string;
};

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const path = (j: Journey, to: string) => `${j.origin}${j.brand.prefix}${to}`;
const pathOf = (url: string) => new URL(url).pathname;
/** "/en/accounts/home" → "/accounts/home": the route, in the journey's locale or the brand's default one (an e-mail's link). */
function routeOf(j: Journey, url: string) {
  return withoutPrefix(j, pathOf(url));
}
function withoutPrefix(j: Journey, path: string) {
  const { prefix } = j.brand;
  return prefix && (path === prefix || path.startsWith(`${prefix}/`)) ? path.slice(prefix.length) || "/" : path;
}

async function open(j: Journey, to: string, status = 200) {
  const response = await j.page.goto(path(j, to), { waitUntil: "load" });
  assert(response?.status() === status, `${to}: status ${response?.status()}, expected ${status}`);
  if (j.js) await j.h.settle(j.page);
}

/** Clicks the submit button of the form holding `field`, and waits for the route `route` (after its redirects). */
async function submit(j: Journey, field: string, route: (path: string) => boolean, button = "button[type=submit]") {
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

async function typeInto(j: Journey, values: Record<string, string>) {
  for (const [selector, value] of Object.entries(values)) await j.page.locator(selector).fill(value);
}

async function textOf(page: Page, selector: string) {
  return squash(await page.locator(selector).first().innerText({ timeout: STEP_MS }));
}

async function noOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  return scrollWidth > clientWidth ? `page is ${scrollWidth}px wide in a ${clientWidth}px viewport` : "";
}

/** The accounts area's navigation. */
const ACCOUNTS_NAV = "[data-testid=accounts-nav]";

/** The accounts navigation's links, by route ("/accounts/orders", …). */
async function navRoutes(j: Journey) {
  await j.page.locator(ACCOUNTS_NAV).waitFor({ state: "visible", timeout: STEP_MS });
  const hrefs = await j.page
    .locator(`${ACCOUNTS_NAV} a[href]`)
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.map((href) => withoutPrefix(j, href));
}

async function signOut(j: Journey) {
  if (!routeOf(j, j.page.url()).startsWith("/accounts")) await open(j, "/accounts/home");
  await submit(j, "[data-testid=sign-out]", (route) => route === "/", "[data-testid=sign-out]");
}

async function signIn(j: Journey, email: string, password: string, lands: string) {
  await open(j, "/login");
  await typeInto(j, { "#signin-email": email, "#signin-password": password });
  await submit(j, "#signin-email", (route) => route === lands);
}

/** The newest e-mail to `to` in the local mailbox (/mailbox, newest first), and the first link in it to `linkPath`. */
async function mail(j: Journey, to: string, linkPath?: string) {
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
async function supportAnswers(j: Journey, ticket: string, answer: string) {
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

// ---------------------------------------------------------------------------------------------------------------
// Steps

/** /login: a weak password and no consent are refused with translated field errors; then the account is made. */
function createAccount(s: State): Step["run"] {
  return async (j) => {
    const { page, t } = j;
    await open(j, "/login");
    const problems: string[] = [];
    await ready(j, "#signup-first_name");
    await typeInto(j, {
      "#signup-first_name": s.firstName,
      "#signup-last_name": "Testowa",
      "#signup-email": s.email,
      "#signup-password": "short",
    });
    if (j.js) {
      // The strength meter answers as one types.
      const strength = await page
        .locator("[data-testid=password-strength]")
        .getAttribute("data-strength", { timeout: 5_000 })
        .catch(() => null);
      if (!strength) problems.push("no password strength feedback while typing");
    }
    await submit(j, "#signup-first_name", (route) => route === "/login");
    await page.locator("#signup-password-error").waitFor({ state: "visible", timeout: STEP_MS });
    const weak = await textOf(page, "#signup-password-error");
    if (weak !== t("auth.errors.weakPassword"))
      problems.push(`weak password says "${weak}", expected "${t("auth.errors.weakPassword")}"`);
    const consent = await textOf(page, "#signup-consent-error");
    if (consent !== t("auth.errors.consent"))
      problems.push(`missing consent says "${consent}", expected "${t("auth.errors.consent")}"`);
    if ((await page.locator("#signup-email").inputValue()) !== s.email)
      problems.push("the e-mail was not kept after the refusal");
    await screenshot(j, "1-signup-errors");
    await page.locator("#signup-password").fill(s.password);
    await page.locator("label[for=signup-consent]").click();
    await submit(j, "#signup-first_name", (route) => route === "/accounts/home");
    await page
      .locator("main h1", { hasText: s.firstName })
      .waitFor({ timeout: STEP_MS })
      .catch(() => undefined);
    const greeting = await textOf(page, "main h1");
    if (!greeting.includes(s.firstName)) problems.push(`the accounts home greets "${greeting}", not ${s.firstName}`);
    await screenshot(j, "1-account-home");
    return problems.join("; ");
  };
}

/** Signed in: a product into the account's cart; signed out: the header's cart is empty and the account area asks to sign in. */
function fillThenSignOut(s: State): Step["run"] {
  return async (j) => {
    const added = await addFromProductPage(j);
    s.products.push(j.seen.product!);
    s.counts.push(j.seen.count!);
    await signOut(j);
    const problems: string[] = added ? [added] : [];
    const count = await headerCount(j.page);
    if (count !== 0) problems.push(`header cart count ${count} after signing out, expected 0`);
    await j.page.goto(path(j, "/accounts/orders"), { waitUntil: "load" });
    const url = new URL(j.page.url());
    if (routeOf(j, url.href) !== "/login" || url.searchParams.get("redirectTo") !== "/accounts/orders")
      problems.push(
        `signed out, /accounts/orders led to ${url.pathname}${url.search}, expected /login?redirectTo=/accounts/orders`,
      );
    await screenshot(j, "2-signed-out-login");
    return problems.join("; ");
  };
}

/** A guest cart, then sign in: the spec's login redirection by cart lands in checkout, with both carts in one. */
function guestCartThenSignIn(s: State): Step["run"] {
  return async (j) => {
    const problems: string[] = [];
    const added = await addFromProductPage(j);
    if (added) problems.push(added);
    s.products.push(j.seen.product!);
    const guestCount = j.seen.count!;
    await signIn(j, s.email, s.password, "/checkout");
    await screenshot(j, "3-signed-in-checkout");
    await open(j, "/cart");
    const lines = (await j.page.locator("[data-testid=cart-line] h2").allInnerTexts()).map(squash);
    for (const product of s.products)
      if (!lines.includes(product)) problems.push(`the merged cart lacks "${product}": ${JSON.stringify(lines)}`);
    const count = await headerCount(j.page);
    const expected = s.counts[0]! + guestCount;
    if (count !== expected)
      problems.push(`header cart count ${count} after signing in, expected ${s.counts[0]} + ${guestCount}`);
    const money = moneyProblem(j.brand, "merged cart total", [
      await textOf(j.page, "[data-testid=cart-totals] [data-testid=total]"),
    ]);
    if (money) problems.push(money);
    await screenshot(j, "3-merged-cart");
    return problems.join("; ");
  };
}

/** /contact sends a signed-in customer to a new ticket in the account; support answers it; the thread and the e-mail show it. */
function ticketAndReply(s: State): Step["run"] {
  return async (j) => {
    const { page, t } = j;
    const problems: string[] = [];
    await j.page.goto(path(j, "/contact"), { waitUntil: "load" });
    const url = new URL(page.url());
    if (routeOf(j, url.href) !== "/accounts/tickets" || url.searchParams.get("new") !== "1")
      problems.push(`/contact led to ${url.pathname}${url.search}, expected /accounts/tickets?new=1`);
    else if (j.js) await j.h.settle(page);
    await ready(j, "#new-ticket-subject");
    await typeInto(j, {
      "#new-ticket-subject": "Kolory na wydruku",
      "#new-ticket-message": "The colours of my last print look darker than on screen. What can I do?",
    });
    await screenshot(j, "4-new-ticket");
    await submit(j, "#new-ticket-subject", (route) => /^\/accounts\/tickets\/TK-[A-Z0-9]{8}$/.test(route));
    s.ticket = routeOf(j, page.url()).split("/").pop()!;
    const notice = await textOf(page, "[data-testid=ticket-notice]");
    if (notice !== t("tickets.thread.created"))
      problems.push(`the new ticket says "${notice}", expected "${t("tickets.thread.created")}"`);
    const answer = `Support here: calibrate your screen, ticket ${s.ticket}.`;
    await supportAnswers(j, s.ticket, answer);
    await page.reload({ waitUntil: "load" });
    const reply = page.locator("[data-testid=message-AGENT]");
    await reply.first().waitFor({ state: "visible", timeout: STEP_MS });
    if (!squash(await reply.first().innerText()).includes(answer))
      problems.push(`the thread does not show the answer: ${squash(await reply.first().innerText())}`);
    const badge = squash(await page.locator("main h1").locator("xpath=following-sibling::p[1]").innerText());
    if (!badge.includes(t("tickets.status.RESOLVED")))
      problems.push(`after the answer the ticket shows "${badge}", expected ${t("tickets.status.RESOLVED")}`);
    await screenshot(j, "4-ticket-answered");
    // The e-mail says there is an answer and leads to it (the answer itself is read in the account).
    const email = await mail(j, s.email, `/accounts/tickets/${s.ticket}`);
    if (!email.subject.includes(s.ticket))
      problems.push(`the e-mail about the answer is titled "${email.subject}", without ${s.ticket}`);
    return problems.join("; ");
  };
}

/**
 * A company's quote request from the account (docs/decisions/0039): the form, its ticket of kind QUOTE with the request
 * shown, support's answer with a price (npm run ticket:reply), and the customer's acceptance: quote confirmed (8).
 */
function quoteAndAccept(): Step["run"] {
  return async (j) => {
    const { page, t } = j;
    const problems: string[] = [];
    await open(j, "/accounts/tickets?new=quote");
    await ready(j, "#quote-company");
    const deadline = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    await typeInto(j, {
      "#quote-company": "Fotostudio Północ",
      "#quote-products": "Mugs with our logo, two colours",
      "#quote-quantity": "abc",
      "#quote-deadline": deadline,
    });
    const from = j.errors.length;
    await submit(j, "#quote-company", (route) => route === "/accounts/tickets");
    const refused = await textOf(page, "#quote-quantity-error");
    // The refused post answers 400: the browser logs it; that is the form working, not a page error.
    j.errors.splice(
      from,
      j.errors.length - from,
      ...j.errors.slice(from).filter((line) => !line.includes("status of 400")),
    );
    if (refused !== t("quotes.errors.quantity")) problems.push(`a quantity of "abc" says "${refused}"`);
    await page.locator("#quote-quantity").fill("250");
    await page.locator("input[name=arrangement][value=MANAGED]").check();
    await screenshot(j, "5-quote-form");
    await submit(j, "#quote-company", (route) => /^\/accounts\/tickets\/TK-[A-Z0-9]{8}$/.test(route));
    const ticket = routeOf(j, page.url()).split("/").pop()!;
    const details = await textOf(page, "[data-testid=quote-details]");
    for (const shown of ["Fotostudio Północ", t("deliveryArrangements.MANAGED.name"), t("quotes.status.requested")])
      if (!details.includes(shown)) problems.push(`the request does not show "${shown}": ${details}`);
    await supportAnswers(j, ticket, `250 mugs: 1990 PLN net, ready in 10 working days (${ticket}).`);
    await page.reload({ waitUntil: "load" });
    if (j.js) await j.h.settle(page);
    if (j.js) await hydrated(page, "[data-testid=quote-accept]").catch(() => undefined);
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("done") === "quote8", { timeout: STEP_MS }),
      page.locator("[data-testid=quote-accept]").click(),
    ]);
    await page.locator("[data-testid=ticket-notice]").waitFor({ state: "visible", timeout: STEP_MS });
    const status = await textOf(page, "[data-testid=quote-details] [data-testid=quote-status]");
    if (status !== t("quotes.status.8"))
      problems.push(`after accepting, the quote shows "${status}", expected "${t("quotes.status.8")}"`);
    await screenshot(j, "5-quote-accepted");
    return problems.join("; ");
  };
}

/** Forgot the password: the link by e-mail, a new password (signed in), the link spent, the old password refused. */
function resetPassword(s: State): Step["run"] {
  return async (j) => {
    const { page, t } = j;
    const problems: string[] = [];
    await signOut(j);
    await open(j, "/login");
    await ready(j, "a[href$='/login/password-reset']");
    await Promise.all([
      page.waitForURL((url) => routeOf(j, url.href) === "/login/password-reset", { timeout: STEP_MS }),
      page.locator("main a[href$='/login/password-reset']").first().click(),
    ]);
    await ready(j, "#request-email");
    await page.locator("#request-email").fill(s.email);
    await submit(j, "#request-email", (route) => route === "/login/password-reset");
    await page.locator("[data-testid=reset-sent]").waitFor({ state: "visible", timeout: STEP_MS });
    await screenshot(j, "5-reset-sent");
    const email = await mail(j, s.email, "/login/password-reset?token=");
    s.resetLink = email.link!;
    if (!email.link!.startsWith(j.origin))
      problems.push(`the reset link leads to ${email.link}, not this brand's origin`);
    await page.goto(s.resetLink, { waitUntil: "load" });
    if (j.js) await j.h.settle(page);
    await ready(j, "#reset-password");
    const old = s.password;
    s.password = `${s.password}-new`;
    await page.locator("#reset-password").fill(s.password);
    await screenshot(j, "5-reset-choose");
    await submit(j, "#reset-password", (route) => route === "/accounts/home");
    const notice = await textOf(page, "[data-testid=home-notice]");
    if (notice !== t("accountHome.passwordChanged")) problems.push(`after the reset the home says "${notice}"`);
    await signOut(j);
    // The link is single-use.
    await page.goto(s.resetLink, { waitUntil: "load" });
    if (!(await page.locator("[data-testid=reset-spent]").isVisible()))
      problems.push("the used reset link still offers a new password");
    // The old password no longer opens the account; the new one does (with a cart: to checkout).
    await open(j, "/login");
    await typeInto(j, { "#signin-email": s.email, "#signin-password": old });
    await submit(j, "#signin-email", (route) => route === "/login");
    const refused = await textOf(page, "[data-testid=signin-error]");
    if (refused !== t("auth.errors.credentials")) problems.push(`the old password is answered "${refused}"`);
    await page.locator("#signin-password").fill(s.password);
    await submit(j, "#signin-email", (route) => route === "/checkout");
    return problems.join("; ");
  };
}

/** A customer's paid order has its invoice: printable (the page alone in print) and as a PDF download. */
function invoice(): Step["run"] {
  return async (j) => {
    const { page } = j;
    const problems: string[] = [];
    await signIn(j, demoEmail("customer", j.brand), DEMO_PASSWORD, "/accounts/home");
    // The invoices list is a company's: a customer is told where its invoices are.
    problems.push(...(await refusedProblems(j, "/invoices", "invoicesOnOrders", "6-customer-invoices-refused")));
    const nav = page.locator(ACCOUNTS_NAV);
    await ready(j, `${ACCOUNTS_NAV} a[href$='/accounts/orders']`);
    await Promise.all([
      page.waitForURL((url) => routeOf(j, url.href) === "/accounts/orders", { timeout: STEP_MS }),
      nav.locator("a[href$='/accounts/orders']").click(),
    ]);
    const link = page.locator("[data-testid=order-invoice] a").first();
    await link.waitFor({ state: "visible", timeout: STEP_MS });
    await screenshot(j, "6-orders");
    const number = (await link.getAttribute("href"))!.split("/").pop()!;
    await Promise.all([
      page.waitForURL((url) => routeOf(j, url.href) === `/accounts/invoices/${number}`, { timeout: STEP_MS }),
      link.click(),
    ]);
    await page.locator("[data-testid=invoice]").waitFor({ state: "visible", timeout: STEP_MS });
    const sheet = squash(await page.locator("main").innerText());
    if (!sheet.includes(number)) problems.push(`the invoice page does not show its number ${number}`);
    // Amounts only: a free delivery says so in words.
    const totals = (await page.locator("[data-testid=invoice-totals] dd").allInnerTexts())
      .map(squash)
      .filter((text) => /\d/.test(text));
    const money = moneyProblem(j.brand, "invoice totals", totals);
    if (money) problems.push(money);
    await screenshot(j, "6-invoice");
    await page.emulateMedia({ media: "print" });
    if (await nav.isVisible()) problems.push("printed, the invoice page still shows the accounts navigation");
    await screenshot(j, "6-invoice-print");
    await page.emulateMedia({ media: "screen" });
    const pdfLink = page.locator(`main a[href$='/accounts/invoices/${number}.pdf']`).first();
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: STEP_MS }), pdfLink.click()]);
    const file = await download.path();
    const bytes = readFileSync(file);
    if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-")
      problems.push(`the download is not a PDF (starts ${JSON.stringify(bytes.subarray(0, 8).toString("latin1"))})`);
    if (bytes.length < 1_000) problems.push(`the PDF is ${bytes.length} bytes`);
    if (!download.suggestedFilename().endsWith(".pdf"))
      problems.push(`the download is named ${download.suggestedFilename()}`);
    j.h.log(`info  ${j.label} invoice ${number}: PDF ${download.suggestedFilename()}, ${bytes.length} bytes`);
    await signOut(j);
    return problems.join("; ");
  };
}

/** The company invites a staff member with the orders permission only; the invitation arrives in the mailbox. */
function inviteStaff(s: State): Step["run"] {
  return async (j) => {
    const { page } = j;
    await signIn(j, demoEmail("master", j.brand), DEMO_PASSWORD, "/accounts/home");
    await open(j, "/accounts/config");
    await ready(j, "#invite-email");
    await typeInto(j, { "#invite-email": s.staffEmail!, "#invite-first_name": "Ola", "#invite-last_name": "Staff" });
    for (const [permission, on] of [
      ["orders", true],
      ["tickets", false],
      ["invoices", false],
    ] as const)
      await page.locator(`#invite-perm_${permission}`).setChecked(on);
    await submit(j, "#invite-email", (route) => route === "/accounts/config");
    const member = page.locator("[data-testid=staff-member]").filter({ hasText: s.staffEmail! });
    await member.first().waitFor({ state: "visible", timeout: STEP_MS });
    await member.first().scrollIntoViewIfNeeded();
    await screenshot(j, "7-staff-invited");
    const invitation = await mail(j, s.staffEmail!, "/login/password-reset?token=");
    s.resetLink = invitation.link!;
    await signOut(j);
  };
}

/** The staff member follows the e-mail, chooses a password, and sees the company's orders but not its invoices or tickets. */
function staffActivates(s: State): Step["run"] {
  return async (j) => {
    const { page } = j;
    const problems: string[] = [];
    await page.goto(s.resetLink!, { waitUntil: "load" });
    if (j.js) await j.h.settle(page);
    // The invitation is in the brand's own language (the invited person has not chosen one yet).
    const title = await textOf(page, "main h1");
    const welcome = translator(DEFAULT_LOCALE[j.brand.slug]!)("auth.reset.welcomeTitle");
    if (title !== welcome) problems.push(`the invitation page is titled "${title}", expected "${welcome}"`);
    await ready(j, "#reset-password");
    await page.locator("#reset-password").fill("Orchard-lantern-2026");
    await screenshot(j, "8-staff-welcome");
    await submit(j, "#reset-password", (route) => route === "/accounts/home");
    const routes = await navRoutes(j);
    if (!routes.includes("/accounts/orders"))
      problems.push(`no orders in the staff member's navigation: ${routes.join(", ")}`);
    for (const hidden of ["/accounts/invoices", "/accounts/tickets", "/accounts/config", "/accounts/commissions"]) {
      if (routes.includes(hidden)) problems.push(`the staff member's navigation offers ${hidden}`);
    }
    await screenshot(j, "8-staff-home");
    await open(j, "/accounts/orders");
    const orders = await page.locator("[data-testid=account-order]").count();
    if (orders === 0) problems.push("the staff member sees none of the company's orders");
    if (await page.locator("[data-testid=order-invoice]").count())
      problems.push("the staff member's orders offer invoices");
    await screenshot(j, "8-staff-orders");
    problems.push(...(await refusedProblems(j, "/accounts/invoices", "invoices", "8-staff-refused-invoices")));
    problems.push(...(await refusedProblems(j, "/accounts/tickets", "tickets")));
    return problems.join("; ");
  };
}

/** The profile's birth date, typed as day, month and year (#details-birth_date is the day). */
const BIRTH_DATE = { day: "#details-birth_date", month: "#details-birth_date-month", year: "#details-birth_date-year" };
async function birthDateShown(j: Journey) {
  return (await Promise.all(Object.values(BIRTH_DATE).map((field) => j.page.locator(field).inputValue()))).join("/");
}

/** Issue 24: an impossible (30/2) or incomplete birth date is refused with its field's message, and the one saved is kept. */
function birthDate(): Step["run"] {
  return async (j) => {
    const { page, t } = j;
    const problems: string[] = [];
    const typeDate = (day: string, month: string, year: string) =>
      typeInto(j, { [BIRTH_DATE.day]: day, [BIRTH_DATE.month]: month, [BIRTH_DATE.year]: year });
    await open(j, "/accounts/profile");
    await ready(j, BIRTH_DATE.day);
    await typeDate("31", "1", "1990");
    await submit(j, BIRTH_DATE.day, (route) => route === "/accounts/profile");
    await page.locator("[data-testid=profile-details-saved]").waitFor({ state: "visible", timeout: STEP_MS });
    await typeDate("30", "2", "2010");
    await submit(j, BIRTH_DATE.day, (route) => route === "/accounts/profile");
    await page.locator("#details-birth_date-error").waitFor({ state: "visible", timeout: STEP_MS });
    const said = await textOf(page, "#details-birth_date-error");
    if (said !== t("forms.date.invalid"))
      problems.push(`30/2/2010 is answered "${said}", expected "${t("forms.date.invalid")}"`);
    if (await page.locator("[data-testid=profile-details-saved]").count())
      problems.push("an impossible birth date was answered as saved");
    if ((await page.locator(BIRTH_DATE.day).getAttribute("aria-invalid")) !== "true")
      problems.push("the birth date's fields are not aria-invalid");
    if ((await birthDateShown(j)) !== "30/2/2010")
      problems.push(`after the refusal the birth date shows ${await birthDateShown(j)}, not what was typed`);
    await page.locator("#profile-details-title").scrollIntoViewIfNeeded();
    await screenshot(j, "9-profile-impossible-date");
    await typeDate("30", "", "");
    await submit(j, BIRTH_DATE.day, (route) => route === "/accounts/profile");
    await page
      .locator("#details-birth_date-error", { hasText: t("forms.date.incomplete") })
      .waitFor({ state: "visible", timeout: STEP_MS });
    await open(j, "/accounts/profile");
    if ((await birthDateShown(j)) !== "31/1/1990")
      problems.push(`the saved birth date became ${await birthDateShown(j)} after the refusals`);
    return problems.join("; ");
  };
}

/** Issue 24: "Forget this address" says the address was forgotten (not saved), and its fields are empty. */
function forgetAddress(): Step["run"] {
  return async (j) => {
    const { page, t } = j;
    const problems: string[] = [];
    const saved = (key: string) => page.locator("[data-testid=profile-address-saved]", { hasText: t(key) });
    if (routeOf(j, page.url()) !== "/accounts/profile") await open(j, "/accounts/profile");
    await ready(j, "#address-street");
    await typeInto(j, {
      "#address-street": j.brand.address.street,
      "#address-postcode": j.brand.address.postcode,
      "#address-city": j.brand.address.city,
    });
    await submit(j, "#address-street", (route) => route === "/accounts/profile");
    await saved("profile.saved.address").waitFor({ state: "visible", timeout: STEP_MS });
    await submit(j, "#address-street", (route) => route === "/accounts/profile", "button[name=clear]");
    const said = saved("profile.saved.addressForgotten");
    await said.waitFor({ state: "visible", timeout: STEP_MS }).catch(() => undefined);
    if (!(await said.count()))
      problems.push(
        `forgetting the address says "${await textOf(page, "[data-testid=profile-address-saved]")}", expected "${t("profile.saved.addressForgotten")}"`,
      );
    if (await page.locator("#address-street").inputValue())
      problems.push(
        `the forgotten address is still in the fields: "${await page.locator("#address-street").inputValue()}"`,
      );
    if (await page.locator("button[name=clear]").count()) problems.push("the forgotten address can still be forgotten");
    await page.locator("#profile-address-title").scrollIntoViewIfNeeded();
    await screenshot(j, "9-profile-address-forgotten");
    return problems.join("; ");
  };
}

/** Issue 24: a page the account may not open sends it to its home, which says why in an alert (focused with JavaScript). */
async function refusedProblems(j: Journey, to: string, reason: string, shot?: string) {
  const { page, t } = j;
  await page.goto(path(j, to), { waitUntil: "load" });
  if (routeOf(j, page.url()) !== "/accounts/home") return [`${to} let the account in (now on ${pathOf(page.url())})`];
  const alert = page.locator("[data-testid=refusal-alert]");
  await alert.waitFor({ state: "visible", timeout: STEP_MS }).catch(() => undefined);
  if (!(await alert.count())) return [`${to} sent the account home without a word of why`];
  const problems: string[] = [];
  const said = await textOf(page, "[data-testid=refusal-alert]");
  if (said !== t(`accountHome.refused.${reason}`))
    problems.push(`${to}: the home says "${said}", expected "${t(`accountHome.refused.${reason}`)}"`);
  if ((await alert.getAttribute("role")) !== "alert") problems.push(`${to}: the reason is not an alert`);
  if (j.js && !(await alert.evaluate((element) => element === document.activeElement)))
    problems.push(`${to}: the alert does not take the focus`);
  if (shot) await screenshot(j, shot);
  return problems;
}

/** Without JavaScript: the contact form as a guest, then sign up, sign out and sign in, all by plain form posts. */
function noJsAccount(s: State): Step["run"] {
  return async (j) => {
    const { page, t } = j;
    const problems: string[] = [];
    await open(j, "/contact");
    await typeInto(j, {
      "#contact-name": "Jan Novák",
      "#contact-email": s.email,
      "#contact-message": "Can you print on both sides of a card?",
    });
    await submit(j, "#contact-name", (route) => route === "/contact");
    if (!(await page.locator("[data-testid=contact-sent]").isVisible()))
      problems.push("the contact form did not say it was sent");
    await screenshot(j, "1-contact-sent");
    await open(j, "/login");
    await typeInto(j, {
      "#signup-first_name": s.firstName,
      "#signup-last_name": "Novák",
      "#signup-email": s.email,
      "#signup-password": s.password,
    });
    await submit(j, "#signup-first_name", (route) => route === "/login");
    const consent = await textOf(page, "#signup-consent-error");
    if (consent !== t("auth.errors.consent")) problems.push(`missing consent says "${consent}"`);
    if (await page.locator("#signup-password").inputValue()) problems.push("the refused form sent the password back");
    await page.locator("#signup-password").fill(s.password);
    await page.locator("label[for=signup-consent]").click();
    await submit(j, "#signup-first_name", (route) => route === "/accounts/home");
    await screenshot(j, "2-account-home");
    await signOut(j);
    await signIn(j, s.email, s.password, "/accounts/home");
    await open(j, "/accounts/tickets?new=1");
    await typeInto(j, {
      "#new-ticket-subject": "Oboustranný tisk",
      "#new-ticket-message": "Following up on my message from the contact form.",
    });
    await submit(j, "#new-ticket-subject", (route) => /^\/accounts\/tickets\/TK-[A-Z0-9]{8}$/.test(route));
    if (!(await page.locator("[data-testid=message-CUSTOMER]").count()))
      problems.push("the new ticket shows no message");
    await screenshot(j, "3-ticket");
    problems.push(...(await refusedProblems(j, "/invoices", "invoicesOnOrders", "4-invoices-refused")));
    return problems.join("; ");
  };
}

/**
 * Every new page, as a guest and as a company's owner: 200, no overflow, a screenshot (the harness audits each page
 * with axe-core), and where asked axe on a state within a page (a refused form, a search while typing).
 */
function tour(withAxe: boolean): Step["run"] {
  return async (j) => {
    const { page } = j;
    const problems: string[] = [];
    const visit = async (name: string, to: string | (() => Promise<string>), prepare?: () => Promise<void>) => {
      const target = typeof to === "string" ? to : await to();
      await open(j, target);
      if (prepare) await prepare();
      const overflow = await noOverflow(page);
      if (overflow) problems.push(`${name}: ${overflow}`);
      await j.h.loadLazyImages(page);
      await screenshot(j, `tour-${name}`);
      if (withAxe && prepare) {
        const found = await axeProblems(j.h, page, `${j.label} ${name}`);
        if (found) problems.push(`axe on ${name}: ${found}`);
      }
    };
    await visit("login", "/login");
    await visit("login-errors", "/login", async () => {
      await submit(j, "#signup-first_name", (route) => route === "/login");
      await page.locator("#signup-first_name-error").waitFor({ state: "visible", timeout: STEP_MS });
    });
    await visit("password-reset", "/login/password-reset");
    await visit("contact", "/contact");
    await signIn(j, demoEmail("master", j.brand), DEMO_PASSWORD, "/accounts/home");
    const firstHref = (selector: string) => async () => {
      const href = await page.locator(selector).first().getAttribute("href", { timeout: STEP_MS });
      assert(href, `no ${selector}`);
      return withoutPrefix(j, href);
    };
    await visit("accounts-home", "/accounts/home");
    await visit("profile", "/accounts/profile");
    await visit("orders", "/accounts/orders");
    await visit("tickets", "/accounts/tickets");
    await visit("ticket-new", "/accounts/tickets?new=1", async () => {
      await ready(j, "#new-ticket-message");
      await page.locator("#new-ticket-message").pressSequentially("delivery time", { delay: 20 });
      await page.waitForTimeout(800);
    });
    await open(j, "/accounts/tickets");
    await visit("ticket", firstHref("[data-testid=ticket] a"));
    await visit("invoices", "/accounts/invoices");
    await open(j, "/accounts/invoices");
    await visit("invoice", firstHref("[data-testid=invoice-row] a"));
    await visit("designs", "/accounts/designs");
    await visit("designs-admin", "/accounts/designs/admin");
    await visit("config", "/accounts/config");
    await visit("commissions", "/accounts/commissions");
    await signOut(j);
    return problems.join("; ");
  };
}

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
function providerHandOff(provider: OtherProvider, wait: "cancel" | "a minute"): Step["run"] {
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
          document.addEventListener("submit", () => void (marks.__sentAt = Date.now()), true);
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

/** Makes the provider's sign-in page hang (it answers nothing; let go, it drops what it held), as a provider that is down. */
async function holdProvider(provider: OtherProvider, hold: boolean) {
  const answer = await fetch(`${provider.issuer}/test/hold`, { method: "POST", body: hold ? "on" : "off" });
  assert(answer.ok, `the provider did not take /test/hold: ${answer.status}`);
}

/** The provider lets the visitor in: back in the shop signed in, the header says so; signing out says so too. */
function providerSignsIn(provider: OtherProvider): Step["run"] {
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

// ---------------------------------------------------------------------------------------------------------------
// Plans

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function customerPlan(brand: BuyingBrand): Step[] {
  const s: State = {
    email: `e2e.account.${brand.slug.toLowerCase()}.${stamp()}@example.com`,
    password: "Lamp-orbit-2026!",
    firstName: "Zofia",
    products: [],
    counts: [],
  };
  return [
    { name: "create an account: translated field errors, then the account's home", run: createAccount(s) },
    {
      name: "profile: an impossible or incomplete birth date is refused with its message, the saved one kept",
      run: birthDate(),
    },
    { name: "profile: forgetting the default address says it was forgotten, its fields empty", run: forgetAddress() },
    {
      name: "signed in, add to the cart; sign out: empty cart, the account area asks to sign in",
      run: fillThenSignOut(s),
    },
    {
      name: "a guest cart, sign in: checkout, with the account's and the guest's lines merged",
      run: guestCartThenSignIn(s),
    },
    {
      name: "/contact → a new ticket; support answers (npm run ticket:reply): the thread and the e-mail show it",
      run: ticketAndReply(s),
    },
    {
      name: "a quote request from the account: refused quantity, sent, support prices it, the customer accepts (8)",
      run: quoteAndAccept(),
    },
    {
      name: "password reset by e-mail: a new password, the link spent, the old password refused, the new one signs in",
      run: resetPassword(s),
    },
  ];
}

function companyPlan(brand: BuyingBrand): Step[] {
  const s: State = {
    email: "",
    password: "",
    firstName: "",
    products: [],
    counts: [],
    staffEmail: `e2e.staff.${brand.slug.toLowerCase()}.${stamp()}@example.com`,
  };
  return [
    { name: "a customer's invoice: printable page and PDF download", run: invoice() },
    { name: "a company invites a staff member with the orders permission only", run: inviteStaff(s) },
    { name: "the staff member activates from the e-mail: orders yes, invoices and tickets no", run: staffActivates(s) },
  ];
}

const noJsState: State = {
  email: `e2e.nojs.${stamp()}@example.com`,
  password: "Kettle-harbour-2026",
  firstName: "Jana",
  products: [],
  counts: [],
};

const plans = (provider: OtherProvider | null): Plan[] => [
  { brand: WPX_PL, viewport: "phone", name: "customer", steps: customerPlan(WPX_PL) },
  { brand: WPX_DK, viewport: "desktop", name: "customer + axe", steps: customerPlan(WPX_DK), axe: true },
  { brand: WPX_ES, viewport: "phone", name: "invoice and staff", steps: companyPlan(WPX_ES) },
  { brand: WPX_DK, viewport: "desktop", name: "invoice and staff", steps: companyPlan(WPX_DK) },
  {
    brand: WPX_PL,
    viewport: "desktop",
    name: "every page + axe",
    steps: [{ name: "every new page: guest and company owner, axe, no overflow", run: tour(true) }],
  },
  {
    brand: WPX_ES,
    viewport: "phone",
    name: "every page",
    steps: [{ name: "every new page on a phone: no overflow, screenshots", run: tour(false) }],
  },
  {
    brand: WPX_CZ,
    viewport: "desktop",
    name: "no JavaScript",
    js: false,
    steps: [
      {
        name: "no JS: contact form, sign up, sign out, sign in, a ticket; /invoices says why it is not for a customer",
        run: noJsAccount(noJsState),
      },
      { name: "no JS: profile, an impossible or incomplete birth date refused, the saved one kept", run: birthDate() },
      { name: "no JS: profile, forgetting the default address says so", run: forgetAddress() },
    ],
  },
  ...(provider
    ? ([
        {
          brand: WPX_DK,
          viewport: "desktop",
          name: "another provider",
          steps: [
            {
              name: "another provider: the page says where it sends the visitor, Cancel keeps them here",
              run: providerHandOff(provider, "cancel"),
            },
            {
              name: "another provider that does not open: a minute later the page stops waiting and says so",
              run: providerHandOff(provider, "a minute"),
            },
            {
              name: "another provider lets the visitor in: back signed in, the header's status follows",
              run: providerSignsIn(provider),
            },
          ],
        },
        {
          brand: WPX_PL,
          viewport: "phone",
          name: "another provider",
          steps: [
            { name: "another provider: the notice and Cancel on a phone", run: providerHandOff(provider, "cancel") },
          ],
        },
      ] satisfies Plan[])
    : []),
];

export function runAccounts(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
  provider: OtherProvider | null = null,
) {
  // The browser logs the refusals the journeys make on purpose (a weak password, a wrong one, an impossible date: 400) as errors.
  return runJourneys(h, browser, port, printAfter, {
    part: "accounts",
    plans: plans(provider),
    expectedErrors: /status of 400 .*\/(login|accounts\/profile)(\.data)?(\?|$)/,
  });
}

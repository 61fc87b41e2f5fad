import { readFileSync } from "node:fs";
import { addFromProductPage } from "../buying/cart-steps.ts";
import { headerCount, moneyProblem, ready, screenshot, squash } from "../buying/journey.ts";
import type { Step } from "../buying.ts";
import { hydrated } from "../harness.ts";
import {
  STEP_MS,
  DEMO_PASSWORD,
  demoEmail,
  type State,
  path,
  routeOf,
  open,
  submit,
  typeInto,
  textOf,
  ACCOUNTS_NAV,
  signOut,
  signIn,
  mail,
  supportAnswers,
} from "./journey.ts";
import { refusedProblems } from "./profile-steps.ts";

// A customer's steps: an account, its cart, a ticket, a quote, a reset password, an invoice.

/** /login: a weak password and no consent are refused with translated field errors; then the account is made. */
export function createAccount(s: State): Step["run"] {
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

/**
 * Signed in: a product into the account's cart; signed out: the header's cart is empty and the account area asks to
 * sign in.
 */
export function fillThenSignOut(s: State): Step["run"] {
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
export function guestCartThenSignIn(s: State): Step["run"] {
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

/**
 * /contact sends a signed-in customer to a new ticket in the account; support answers it; the thread and the e-mail
 * show it.
 */
export function ticketAndReply(s: State): Step["run"] {
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
export function quoteAndAccept(): Step["run"] {
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
export function resetPassword(s: State): Step["run"] {
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
export function invoice(): Step["run"] {
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

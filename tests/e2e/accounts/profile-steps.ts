import { assert, ready, screenshot, type Journey } from "../buying/journey.ts";
import type { Step } from "../buying.ts";
import { axeProblems } from "../axe.ts";
import {
  STEP_MS,
  DEMO_PASSWORD,
  demoEmail,
  type State,
  path,
  pathOf,
  routeOf,
  withoutPrefix,
  open,
  submit,
  typeInto,
  textOf,
  noOverflow,
  signOut,
  signIn,
} from "./journey.ts";

// The profile's steps, the account without JavaScript, and the tour of the account pages.

/** The profile's birth date, typed as day, month and year (#details-birth_date is the day). */
const BIRTH_DATE = { day: "#details-birth_date", month: "#details-birth_date-month", year: "#details-birth_date-year" };
async function birthDateShown(j: Journey) {
  return (await Promise.all(Object.values(BIRTH_DATE).map((field) => j.page.locator(field).inputValue()))).join("/");
}

/**
 * Issue 24: an impossible (30/2) or incomplete birth date is refused with its field's message, and the one saved is
 * kept.
 */
export function birthDate(): Step["run"] {
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
export function forgetAddress(): Step["run"] {
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

/**
 * Issue 24: a page the account may not open sends it to its home, which says why in an alert (focused with JavaScript).
 */
export async function refusedProblems(j: Journey, to: string, reason: string, shot?: string) {
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
export function noJsAccount(s: State): Step["run"] {
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
export function tour(withAxe: boolean): Step["run"] {
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

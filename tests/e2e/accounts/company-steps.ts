import { ready, screenshot, translator } from "../buying/journey.ts";
import type { Step } from "../buying.ts";
import {
  STEP_MS,
  DEMO_PASSWORD,
  demoEmail,
  DEFAULT_LOCALE,
  type State,
  open,
  submit,
  typeInto,
  textOf,
  navRoutes,
  signOut,
  signIn,
  mail,
} from "./journey.ts";
import { refusedProblems } from "./profile-steps.ts";

// A company's steps: inviting a staff member, who activates the account.

/** The company invites a staff member with the orders permission only; the invitation arrives in the mailbox. */
export function inviteStaff(s: State): Step["run"] {
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

/**
 * The staff member follows the e-mail, chooses a password, and sees the company's orders but not its invoices or
 * tickets.
 */
export function staffActivates(s: State): Step["run"] {
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

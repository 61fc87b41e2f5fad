import { describe, expect, it } from "vitest";
import enForms from "@locales/en/forms.json";
import esForms from "@locales/es/forms.json";
import enProfile from "@locales/en/profile.json";
import esProfile from "@locales/es/profile.json";
import { accountIn, csrfFor, PASSWORD, signedInAs } from "../setup/accounts";
import { sessionCookieFrom, visit } from "../setup/app";
import { sessionWithCart } from "../setup/cart";
import { lastEmailTo } from "../setup/product-api";
import { literally } from "./html";

// /accounts/profile: each section's form, what it changes for the shopper, and its refusals in the page's language.

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  visit(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

const customerOf = async (cookie: string) =>
  (
    (await (await visit("/api/session", { cookie })).json()) as {
      customer: { id: string; email: string; firstName: string } | null;
    }
  ).customer;

async function realSession(email: string, password = PASSWORD) {
  const { token, cookie } = await csrfFor();
  return sessionCookieFrom(
    await visit("/api/auth/callback/credentials", {
      method: "POST",
      cookie,
      body: new URLSearchParams({ csrfToken: token, email, password }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  )!;
}

const details = { intent: "details", first_name: "Eva", last_name: "Moreno", customer_type: "PERSON" };
/** The birth date as the form sends it: day, month and year as typed. */
const birth = (day: string, month: string, year: string) => ({
  birth_date_day: day,
  birth_date_month: month,
  birth_date_year: year,
});
/** What the profile page shows in the birth date's three fields. */
const birthShown = (html: string) =>
  ["day", "month", "year"].map(
    (part) =>
      new RegExp(`<input[^>]*name="birth_date_${part}"[^>]*>`).exec(html)?.[0].match(/value="([^"]*)"/)?.[1] ?? "",
  );

describe("the profile page", () => {
  it("shows the account's details, e-mail and each section", async () => {
    const account = await accountIn();
    const html = await (await visit("/en/accounts/profile", { cookie: await signedInAs(account) })).text();
    for (const text of [
      "Your details",
      `You sign in with ${account.email}`,
      "Change my password",
      "Default delivery address",
      "You do not receive our newsletter.",
      "Delete my account",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain('value="Eva"');
  });

  it("saves the details and the header's name follows; a minor is refused in the page's language", async () => {
    const account = await accountIn();
    const cookie = await signedInAs(account);
    const refused = await post(
      "/accounts/profile",
      { ...details, ...birth("5", "5", String(new Date().getUTCFullYear() - 16)) },
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Tienes que ser mayor de 18 años.");
    const saved = await post(
      "/en/accounts/profile",
      { ...details, first_name: "Evita", ...birth("31", "01", "1990"), phone: "+34 600 000 000" },
      cookie,
    );
    expect(await saved.text()).toContain("Your details are saved.");
    expect((await customerOf(sessionCookieFrom(saved) ?? cookie))?.firstName).toBe("Evita");
    const html = await (await visit("/en/accounts/profile", { cookie: sessionCookieFrom(saved) ?? cookie })).text();
    expect(birthShown(html)).toEqual(["31", "1", "1990"]);
  });

  it("refuses an impossible or incomplete birth date with the field's message, as typed, and keeps the one saved", async () => {
    const cookie = await signedInAs(await accountIn());
    await post("/en/accounts/profile", { ...details, ...birth("31", "1", "1990") }, cookie);
    const impossible = await post("/accounts/profile", { ...details, ...birth("30", "02", "2010") }, cookie);
    expect(impossible.status).toBe(400);
    const html = await impossible.text();
    expect(html).toMatch(new RegExp(`id="details-birth_date-error"[^>]*>${literally(esForms.forms.date.invalid)}<`));
    expect(html).not.toContain(esProfile.profile.saved.details);
    expect(birthShown(html)).toEqual(["30", "02", "2010"]);
    const incomplete = await post("/en/accounts/profile", { ...details, ...birth("30", "", "") }, cookie);
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain(enForms.forms.date.incomplete);
    // Nothing saved was lost.
    expect(birthShown(await (await visit("/en/accounts/profile", { cookie })).text())).toEqual(["31", "1", "1990"]);
    // Emptying all three removes it, and says so.
    const removed = await post("/en/accounts/profile", { ...details, ...birth("", "", "") }, cookie);
    expect(await removed.text()).toContain(enProfile.profile.saved.details);
    expect(birthShown(await (await visit("/en/accounts/profile", { cookie })).text())).toEqual(["", "", ""]);
  });

  it("changes the e-mail with the password; a wrong password or a taken e-mail is a field error", async () => {
    const account = await accountIn();
    const other = await accountIn();
    const cookie = await signedInAs(account);
    const wrong = await post(
      "/en/accounts/profile",
      { intent: "email", email: "new@example.com", current_password: "Wrong-horse-8" },
      cookie,
    );
    expect(await wrong.text()).toContain("This is not your current password.");
    const taken = await post(
      "/en/accounts/profile",
      { intent: "email", email: other.email, current_password: PASSWORD },
      cookie,
    );
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("There is already an account with this e-mail.");
    const email = `moved.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const moved = await post("/en/accounts/profile", { intent: "email", email, current_password: PASSWORD }, cookie);
    expect(await moved.text()).toContain("Your e-mail is changed.");
    expect((await customerOf(sessionCookieFrom(moved)!))?.email).toBe(email);
  });

  it("changes the password and signs out every other device, keeping this one", async () => {
    const account = await accountIn();
    const phone = await realSession(account.email);
    const laptop = await realSession(account.email);
    const changed = await post(
      "/en/accounts/profile",
      { intent: "password", current_password: PASSWORD, password: "Brand-new-horse-9" },
      laptop,
    );
    expect(await changed.text()).toContain("Your password is changed. Every other device was signed out.");
    const here = sessionCookieFrom(changed)!;
    expect(here).not.toBe(laptop);
    expect((await customerOf(here))?.id).toBe(account.id);
    expect(await customerOf(phone)).toBeNull();
    expect((await lastEmailTo(account.email))?.subject).toBe("Your password was changed");
  });

  it("keeps a default address that fills the checkout's address step", async () => {
    const account = await accountIn();
    const cookie = await signedInAs(account);
    const bad = await post(
      "/en/accounts/profile",
      { intent: "address", street: "Calle Mayor 1", postcode: "1", city: "Madrid" },
      cookie,
    );
    expect(await bad.text()).toMatch(/postcode/i);
    const saved = await post(
      "/en/accounts/profile",
      { intent: "address", street: "Calle Mayor 1", postcode: "28013", city: "Madrid" },
      cookie,
    );
    expect(await saved.text()).toContain("Your default address is saved.");
    // With a cart, the checkout's steps 1 and 2 start from the account.
    const { cookie: withCart } = await sessionWithCart({
      customer: JSON.parse(JSON.stringify((await (await visit("/api/session", { cookie })).json()) as object)).customer,
    });
    const step1 = await (await visit("/en/checkout?step=1", { cookie: withCart })).text();
    expect(step1).toContain(`value="${account.email}"`);
    await post(
      "/en/checkout?step=1",
      {
        step: "1",
        email: account.email,
        customerType: "PERSON",
        firstName: "Eva",
        lastName: "Moreno",
        phone: "600000000",
      },
      withCart,
    );
    const step2 = await (await visit("/en/checkout?step=2", { cookie: withCart })).text();
    expect(step2).toContain('value="Calle Mayor 1"');
    expect(step2).toContain('value="28013"');
  });

  it("forgets the default address and says so: checkout no longer fills it in", async () => {
    const account = await accountIn();
    const cookie = await signedInAs(account);
    await post(
      "/en/accounts/profile",
      { intent: "address", street: "Calle Mayor 1", postcode: "28013", city: "Madrid" },
      cookie,
    );
    const forgotten = await post(
      "/accounts/profile",
      { intent: "address", street: "Calle Mayor 1", postcode: "28013", city: "Madrid", clear: "1" },
      cookie,
    );
    const html = await forgotten.text();
    expect(html).toMatch(
      new RegExp(`data-testid="profile-address-saved"[^>]*>${literally(esProfile.profile.saved.addressForgotten)}<`),
    );
    expect(html).not.toContain(esProfile.profile.saved.address);
    const page = await (await visit("/en/accounts/profile", { cookie })).text();
    expect(page).not.toContain('value="Calle Mayor 1"');
    expect(page).not.toContain(enProfile.profile.address.clear);
  });

  it("subscribes to the newsletter by double opt-in", async () => {
    const account = await accountIn();
    const cookie = await signedInAs(account);
    await post("/en/accounts/profile", { intent: "newsletter", newsletter: "subscribe" }, cookie);
    expect((await lastEmailTo(account.email))?.subject).toBe("Confirm your newsletter subscription");
    expect(await (await visit("/en/accounts/profile", { cookie })).text()).toContain(
      "open its link to confirm your subscription",
    );
  });

  it("deletes the account after the password and the box, and signs it out", async () => {
    const account = await accountIn();
    const cookie = await signedInAs(account);
    const unticked = await post("/en/accounts/profile", { intent: "delete", current_password: PASSWORD }, cookie);
    expect(await unticked.text()).toContain("Tick the box to confirm.");
    const deleted = await post(
      "/en/accounts/profile",
      { intent: "delete", current_password: PASSWORD, confirm: "on" },
      cookie,
    );
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/en/login?error=AccountDeleted");
    const after = sessionCookieFrom(deleted)!;
    expect(await customerOf(after)).toBeNull();
    expect(await (await visit("/en/login?error=AccountDeleted", { cookie: after })).text()).toContain(
      "Your account was deleted.",
    );
    expect((await visit("/en/accounts/home", { cookie })).headers.get("location")).toContain("/login");
  });

  it("answers an unknown section or a broken body with 4xx, never 5xx", async () => {
    const cookie = await signedInAs(await accountIn());
    expect((await post("/en/accounts/profile", { intent: "nothing" }, cookie)).status).toBe(400);
    const json = await visit("/en/accounts/profile", {
      method: "POST",
      cookie,
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(json.status).toBe(415);
    expect((await post("/en/accounts/profile", { ...details, first_name: "x".repeat(5000) }, cookie)).status).toBe(400);
  });
});

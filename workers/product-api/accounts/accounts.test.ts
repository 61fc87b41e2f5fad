import { describe, expect, it } from "vitest";
import { testEnv } from "@test-setup/app";
import { callApi } from "@test-setup/product-api";

// Accounts in the product API, called as the api-proxy would (bearer token, form-encoded).
const call = callApi;

const email = () => `eva.${crypto.randomUUID().slice(0, 8)}@example.com`;
const newAccount = (fields: Record<string, string> = {}) => ({
  site: "WPX-PL",
  locale: "pl",
  email: email(),
  password: "Correct-horse-7",
  first_name: "Ewa",
  last_name: "Nowak",
  customer_type: "PERSON",
  ...fields,
});

describe("creating an account", () => {
  it("keeps the password as a salted PBKDF2 hash and never shows it", async () => {
    const fields = newAccount({ email: email().toUpperCase() });
    const created = await call("/accounts", fields);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      site: "WPX-PL",
      email: fields.email.toLowerCase(),
      firstName: "Ewa",
      kind: "customer",
      permissions: ["orders", "tickets", "invoices"],
      canMakeOrders: true,
    });
    expect(JSON.stringify(created.body)).not.toContain("Correct-horse-7");
    expect(Object.keys(created.body)).not.toContain("passwordHash");
    const twin = await call("/accounts", newAccount());
    const rows = await testEnv.STORE_DB.prepare(
      "SELECT password_hash AS hash, password_salt AS salt, password_iterations AS iterations FROM accounts WHERE id IN (?, ?)",
    )
      .bind(created.body.id, twin.body.id)
      .all<{ hash: string; salt: string; iterations: number }>();
    const [first, second] = rows.results;
    expect(first!.iterations).toBe(100_000);
    expect(first!.salt).not.toBe(second!.salt);
    expect(first!.hash).not.toBe(second!.hash);
    expect(atob(first!.hash)).toHaveLength(32);
  });

  it("refuses a second account for the same e-mail on the same site, but not on another", async () => {
    const fields = newAccount();
    expect((await call("/accounts", fields)).status).toBe(201);
    const again = await call("/accounts", { ...fields, first_name: "Other" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 4090 }, fieldErrors: { email: "auth.errors.emailTaken" } });
    expect((await call("/accounts", { ...fields, site: "WPX-CZ", locale: "cs" })).status).toBe(201);
  });

  it.each([
    ["a weak password", { password: "password12" }],
    ["a password made of the e-mail", { email: "lucia.perez@example.com", password: "lucia.perez2026" }],
    ["a company without its name", { customer_type: "COMPANY" }],
    ["no names", { first_name: "", last_name: "" }],
    ["an e-mail that is not one", { email: "not-an-email" }],
  ])("refuses %s", async (_case, fields) => {
    const refused = await call("/accounts", newAccount(fields));
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe(4000);
  });

  it("checks a company's tax id with its country's rule", async () => {
    const refused = await call(
      "/accounts",
      newAccount({ customer_type: "COMPANY", company_name: "Foto Sp. z o.o.", tax_id: "5261040827" }),
    );
    expect(refused).toMatchObject({ status: 400, body: { fieldErrors: { tax_id: "auth.errors.taxId" } } });
    const created = await call(
      "/accounts",
      newAccount({ customer_type: "COMPANY", company_name: "Foto Sp. z o.o.", tax_id: "PL 526-104-08-28" }),
    );
    expect(created).toMatchObject({ status: 201, body: { customerType: "COMPANY", companyName: "Foto Sp. z o.o." } });
  });
});

describe("checking credentials", () => {
  it("opens the account with its password, in any letter case of the e-mail", async () => {
    const fields = newAccount();
    const { body } = await call("/accounts", fields);
    const opened = await call("/accounts/credentials", {
      site: "WPX-PL",
      email: fields.email.toUpperCase(),
      password: fields.password,
    });
    expect(opened).toMatchObject({ status: 200, body: { id: body.id, email: fields.email } });
  });

  it("answers a wrong password and an unknown e-mail the same way", async () => {
    const fields = newAccount();
    await call("/accounts", fields);
    const wrong = await call("/accounts/credentials", {
      site: "WPX-PL",
      email: fields.email,
      password: "Correct-horse-8",
    });
    const unknown = await call("/accounts/credentials", { site: "WPX-PL", email: email(), password: fields.password });
    const otherSite = await call("/accounts/credentials", {
      site: "WPX-ES",
      email: fields.email,
      password: fields.password,
    });
    for (const refused of [wrong, unknown, otherSite])
      expect(refused).toEqual({ status: 401, body: { error: { code: 4011, message: "Wrong e-mail or password" } } });
  });
});

describe("signing in with another provider", () => {
  it("makes an account without a password for a new person, and finds it again by their subject", async () => {
    const fields = {
      site: "WPX-ES",
      provider: "oidc",
      subject: crypto.randomUUID(),
      email: email(),
      first_name: "Ana",
      last_name: "Ruiz",
    };
    const first = await call("/accounts/identities", fields);
    expect(first).toMatchObject({ status: 201, body: { email: fields.email, firstName: "Ana" } });
    const again = await call("/accounts/identities", { ...fields, email: email() });
    expect(again).toMatchObject({ status: 200, body: { id: first.body.id } });
    const withPassword = await call("/accounts/credentials", {
      site: "WPX-ES",
      email: fields.email,
      password: "anything-at-all",
    });
    expect(withPassword.status).toBe(401);
  });

  it("links an existing account of the same (verified) e-mail", async () => {
    const fields = newAccount({ site: "WPX-ES", locale: "es" });
    const { body } = await call("/accounts", fields);
    const linked = await call("/accounts/identities", {
      site: "WPX-ES",
      provider: "oidc",
      subject: crypto.randomUUID(),
      email: fields.email,
    });
    expect(linked).toMatchObject({ status: 200, body: { id: body.id } });
  });
});

describe("reading an account", () => {
  it("by its id on its own site only", async () => {
    const { body } = await call("/accounts", newAccount());
    expect(await call(`/accounts/${body.id}?site=WPX-PL`)).toMatchObject({ status: 200, body: { id: body.id } });
    expect((await call(`/accounts/${body.id}?site=WPX-ES`)).status).toBe(404);
  });

  it("with its open cart's lines and items, for the header of every signed-in page; none once that cart is paid", async () => {
    const { body } = await call("/accounts", newAccount({ site: "WPX-ES", locale: "es" }));
    const id = body.id as string;
    expect((await call(`/accounts/${id}?site=WPX-ES`)).body).toMatchObject({ id, openCart: null });
    const visitor = { site: "WPX-ES", ext_session_id: `s-${id}`, customer_id: id, locale: "es" };
    const cart = (await call("/carts", visitor)).body as { id: string };
    await call(`/carts/${cart.id}/lines`, { ...visitor, article_id: "203", quantity: "2" });
    await call(`/carts/${cart.id}/lines`, { ...visitor, article_id: "205", quantity: "1" });
    // Another customer's cart counts for nobody else.
    const other = (await call("/accounts", newAccount({ site: "WPX-ES", locale: "es" }))).body.id as string;
    await call("/carts", { ...visitor, ext_session_id: `s-${other}`, customer_id: other });
    expect((await call(`/accounts/${id}?site=WPX-ES`)).body).toMatchObject({
      openCart: { id: cart.id, lineCount: 2, itemCount: 3 },
    });
    expect((await call(`/accounts/${other}?site=WPX-ES`)).body).toMatchObject({
      openCart: { lineCount: 0, itemCount: 0 },
    });
    await testEnv.STORE_DB.prepare("UPDATE carts SET closed_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), cart.id)
      .run();
    expect((await call(`/accounts/${id}?site=WPX-ES`)).body).toMatchObject({ openCart: null });
  });
});

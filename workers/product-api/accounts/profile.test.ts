import { describe, expect, it } from "vitest";
import { accountIn, masterIn, PASSWORD, staffOf } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { callApi } from "@test-setup/product-api";

// The profile in the product API: the account's own fields, e-mail, default address, deletion.

const profile = (id: string, site = "WPX-ES") => callApi(`/accounts/${id}/profile?site=${site}`);
const update = (id: string, fields: Record<string, string>) =>
  callApi(`/accounts/${id}/profile`, {
    site: "WPX-ES",
    first_name: "Eva",
    last_name: "Moreno",
    customer_type: "PERSON",
    ...fields,
  });

describe("the profile", () => {
  it("shows the account's fields without its password, and the newsletter's state", async () => {
    const account = await accountIn();
    const answer = await profile(account.id);
    expect(answer.body).toMatchObject({
      id: account.id,
      email: account.email,
      birthDate: null,
      phone: null,
      defaultAddress: null,
      hasPassword: true,
      newsletter: "NONE",
    });
    expect(JSON.stringify(answer.body)).not.toContain("password_hash");
    expect((await profile(account.id, "WPX-PL")).status).toBe(404);
  });

  it("saves names, phone, birth date and company data under the brand country's rules", async () => {
    const account = await accountIn();
    const saved = await update(account.id, {
      phone: "+34 600 123 456",
      birth_date: "1990-04-01",
      customer_type: "COMPANY",
      company_name: "Luz SL",
      tax_id: "B12345674",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      phone: "+34 600 123 456",
      birthDate: "1990-04-01",
      customerType: "COMPANY",
      companyName: "Luz SL",
      taxId: "B12345674",
    });
    // Back to a person: the company's data is not kept.
    expect((await update(account.id, { phone: "" })).body).toMatchObject({
      customerType: "PERSON",
      companyName: null,
      taxId: null,
      phone: null,
    });
  });

  it("refuses a minor, an impossible date, a tax id of another country and a company without a name, field by field", async () => {
    const account = await accountIn();
    const today = new Date();
    const minor = `${today.getUTCFullYear() - 17}-01-01`;
    expect((await update(account.id, { birth_date: minor })).body.fieldErrors).toEqual({
      birth_date: "profile.errors.adult",
    });
    expect((await update(account.id, { birth_date: "1990-02-30" })).body.fieldErrors).toEqual({
      birth_date: "profile.errors.date",
    });
    const company = await update(account.id, { customer_type: "COMPANY", tax_id: "12345678" });
    expect(company.body.fieldErrors).toEqual({ company_name: "auth.errors.required", tax_id: "auth.errors.taxId" });
    expect((await update(account.id, { first_name: "x".repeat(301) })).status).toBe(400);
  });

  it("changes the e-mail only with the password, and never to one another account has", async () => {
    const account = await accountIn();
    const other = await accountIn();
    const email = `new.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const change = (fields: Record<string, string>) =>
      callApi(`/accounts/${account.id}/email`, { site: "WPX-ES", email, current_password: PASSWORD, ...fields });
    expect((await change({ current_password: "Wrong-horse-8" })).body.fieldErrors).toEqual({
      current_password: "auth.errors.currentPassword",
    });
    const taken = await change({ email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ email: "auth.errors.emailTaken" });
    expect((await change({ email: "not-an-email" })).status).toBe(400);
    expect((await change({})).body).toMatchObject({ email });
    expect((await callApi("/accounts/credentials", { site: "WPX-ES", email, password: PASSWORD })).status).toBe(200);
  });

  it("keeps a default address in the brand's country, checked as at checkout, and forgets it", async () => {
    const account = await accountIn();
    const bad = await callApi(`/accounts/${account.id}/address`, {
      site: "WPX-ES",
      street: "Calle Mayor 1",
      postcode: "123",
      city: "Madrid",
    });
    expect(bad.body.fieldErrors).toEqual({ postcode: "checkout.errors.postcode" });
    const saved = await callApi(`/accounts/${account.id}/address`, {
      site: "WPX-ES",
      street: "Calle Mayor 1",
      postcode: "28013",
      city: "Madrid",
    });
    expect(saved.body.defaultAddress).toEqual({
      street: "Calle Mayor 1",
      postcode: "28013",
      city: "Madrid",
      country: "ES",
    });
    expect(
      (await callApi(`/accounts/${account.id}/address`, { site: "WPX-ES", clear: "1" })).body.defaultAddress,
    ).toBeNull();
  });
});

describe("deleting an account", () => {
  it("needs the password and the confirmation, then leaves nothing that identifies the person", async () => {
    const account = await accountIn();
    const remove = (fields: Record<string, string>) =>
      callApi(`/accounts/${account.id}/delete`, {
        site: "WPX-ES",
        confirm: "on",
        current_password: PASSWORD,
        ...fields,
      });
    expect((await remove({ confirm: "" })).body.fieldErrors).toEqual({ confirm: "profile.errors.confirmDeletion" });
    expect((await remove({ current_password: "Wrong-horse-8" })).body.fieldErrors).toEqual({
      current_password: "auth.errors.currentPassword",
    });
    expect((await remove({})).body).toEqual({ deleted: true });
    const row = await testEnv.STORE_DB.prepare(
      "SELECT email, first_name AS firstName, password_hash AS hash, status FROM accounts WHERE id = ?",
    )
      .bind(account.id)
      .first();
    expect(row).toEqual({
      email: `deleted-${account.id}@deleted.invalid`,
      firstName: "",
      hash: null,
      status: "DELETED",
    });
    expect(
      (await callApi("/accounts/credentials", { site: "WPX-ES", email: account.email, password: PASSWORD })).status,
    ).toBe(401);
    expect((await profile(account.id)).status).toBe(404);
    // The e-mail is free for a new account.
    expect(
      (
        await callApi("/accounts", {
          site: "WPX-ES",
          locale: "es",
          email: account.email,
          password: PASSWORD,
          first_name: "Eva",
          last_name: "Moreno",
          customer_type: "PERSON",
        })
      ).status,
    ).toBe(201);
  });

  it("lets a staff member leave, but a business account is closed by support", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    const refused = await callApi(`/accounts/${master.id}/delete`, {
      site: "WPX-ES",
      confirm: "on",
      current_password: PASSWORD,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.fieldErrors).toEqual({ confirm: "profile.errors.masterDeletion" });
    expect(
      (await callApi(`/accounts/${staff.id}/delete`, { site: "WPX-ES", confirm: "on", current_password: PASSWORD }))
        .status,
    ).toBe(200);
  });
});

import { describe, expect, it } from "vitest";
import type { Account } from "@contract/api/accounts";
import { accountIn, masterIn, staffOf } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { outboxFor } from "@test-setup/orders";
import { callApi as call, withQuery } from "@test-setup/product-api";
import { TEST_SECRETS } from "@test-setup/secrets";

// A master's group in the product API: its company config and its staff, for the master itself and nobody else.
const SITE_URL = "http://wpx-es.localhost";
const as = (account: Pick<Account, "id" | "site">, fields: Record<string, string> = {}) => ({
  site: account.site,
  account_id: account.id,
  ...fields,
});
const config = (fields: Record<string, string> = {}) => ({
  company_name: "Estudio Luz SL",
  tax_id: "B-65410011",
  phone: "+34 600 123 456",
  street: "Calle Mayor 12",
  postcode: "28013",
  city: "Madrid",
  staff_permissions: "orders,tickets",
  staff_can_make_orders: "false",
  ...fields,
});
const newEmail = () => `staff.${crypto.randomUUID().slice(0, 8)}@example.com`;
const invite = (master: Account, fields: Record<string, string> = {}) =>
  call(
    "/groups/staff",
    as(master, {
      email: newEmail(),
      first_name: "Marta",
      last_name: "Gil",
      permissions: "orders",
      site_url: SITE_URL,
      ...fields,
    }),
  );
const stored = (id: string) =>
  testEnv.STORE_DB.prepare(
    "SELECT kind, master_id AS masterId, status, permissions, can_make_orders AS canMakeOrders, password_hash AS passwordHash FROM accounts WHERE id = ?",
  )
    .bind(id)
    .first<{
      kind: string;
      masterId: string | null;
      status: string;
      permissions: string;
      canMakeOrders: number;
      passwordHash: string | null;
    }>();
const tokensOf = (id: string) =>
  testEnv.STORE_DB.prepare(
    "SELECT expires_at AS expiresAt, used_at AS usedAt FROM password_resets WHERE account_id = ? ORDER BY created_at, rowid",
  )
    .bind(id)
    .all<{ expiresAt: string; usedAt: string | null }>()
    .then((result) => result.results);
const linkIn = (body: string) =>
  /http:\/\/wpx-es\.localhost\/login\/password-reset\?token=([0-9a-f]{64})/.exec(body)?.[1];

describe("the group's config", () => {
  it("starts from the master's company and the defaults, and keeps what its owner saves (but not the commission rate)", async () => {
    const master = await masterIn();
    const first = await call(withQuery("/groups/config", as(master)));
    expect(first).toMatchObject({
      status: 200,
      body: {
        companyName: "Estudio Luz SL",
        staffPermissions: ["orders"],
        staffCanMakeOrders: true,
        commissionRate: 5,
        address: null,
        updatedAt: null,
      },
    });

    const saved = await call("/groups/config", as(master, config({ commission_rate: "50" })));
    expect(saved.status).toBe(200);
    const expected = {
      companyName: "Estudio Luz SL",
      taxId: "B-65410011",
      phone: "+34 600 123 456",
      address: { street: "Calle Mayor 12", postcode: "28013", city: "Madrid", country: "ES" },
      staffPermissions: ["orders", "tickets"],
      staffCanMakeOrders: false,
      commissionRate: 5,
    };
    expect(saved.body).toMatchObject(expected);
    expect((await call(withQuery("/groups/config", as(master)))).body).toMatchObject(expected);
  });

  it("checks the tax id by the brand's country, and the phone and the address by the checkout's rules", async () => {
    const master = await masterIn();
    const refused = await call(
      "/groups/config",
      as(master, config({ company_name: "", tax_id: "B65410012", phone: "call me", postcode: "99999", city: "" })),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      company_name: "group.errors.required",
      tax_id: "auth.errors.taxId",
      phone: "checkout.errors.phone",
      postcode: "checkout.errors.postcode",
      city: "checkout.errors.required",
    });
    const polish = await masterIn("WPX-PL");
    const inPoland = await call(
      "/groups/config",
      as(polish, config({ tax_id: "PL 526-104-08-28", postcode: "00-950", phone: "" })),
    );
    expect(inPoland).toMatchObject({
      status: 200,
      body: { taxId: "PL 526-104-08-28", phone: null, address: { country: "PL" } },
    });
    const noAddress = await call(
      "/groups/config",
      as(polish, config({ tax_id: "", street: "", postcode: "", city: "" })),
    );
    expect(noAddress).toMatchObject({ status: 200, body: { taxId: null, address: null } });
  });

  it.each([
    ["an over-long company name", { company_name: "x".repeat(201) }, "company_name"],
    ["an unknown permission", { staff_permissions: "orders,admin" }, "staff_permissions"],
    ["a permission list of absurd length", { staff_permissions: "orders,".repeat(100) }, "staff_permissions"],
    ["a may-order that is no yes or no", { staff_can_make_orders: "maybe" }, "staff_can_make_orders"],
  ])("refuses %s with a field error", async (_case, fields, field) => {
    const master = await masterIn();
    const refused = await call("/groups/config", as(master, config(fields)));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors ?? {})).toContain(field);
  });

  it("answers hostile requests with a 4xx, never a 5xx", async () => {
    const master = await masterIn();
    const json = await testEnv.PRODUCT_API.fetch(
      new Request("https://product-api.internal/groups/config", {
        method: "POST",
        headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}`, "content-type": "application/json" },
        body: JSON.stringify(as(master, config())),
      }),
    );
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    for (const params of [
      { site: "WPX-ES" },
      as({ id: "x".repeat(65), site: "WPX-ES" }),
      as(master, { site: "NOPE" }),
    ]) {
      const answer = await call(withQuery("/groups/config", params));
      expect(answer.status, JSON.stringify(params)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect((await call("/groups/config", { site: "NOPE", account_id: master.id, ...config() })).status).toBe(400);
  });

  it("is the owner's alone: customers, staff with every permission and unknown accounts get 403; another master sees its own", async () => {
    const master = await masterIn();
    await call("/groups/config", as(master, config({ company_name: "Estudio Luz SL" })));
    const staff = await staffOf(master, ["orders", "tickets", "invoices"]);
    for (const someone of [
      await accountIn(),
      staff,
      { id: "acc_nobody", site: "WPX-ES" },
      { id: master.id, site: "WPX-PL" },
    ]) {
      expect((await call(withQuery("/groups/config", as(someone)))).status).toBe(403);
      expect((await call("/groups/config", as(someone, config({ company_name: "Hijacked" })))).status).toBe(403);
    }
    const other = await masterIn();
    await call("/groups/config", as(other, config({ company_name: "Otra Empresa SL" })));
    expect((await call(withQuery("/groups/config", as(master)))).body.companyName).toBe("Estudio Luz SL");
    expect((await call(withQuery("/groups/config", as(other)))).body.companyName).toBe("Otra Empresa SL");
  });

  it("stops answering a suspended master", async () => {
    const master = await masterIn();
    await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'SUSPENDED' WHERE id = ?").bind(master.id).run();
    expect((await call(withQuery("/groups/config", as(master)))).status).toBe(403);
  });
});

describe("inviting staff", () => {
  it("makes an invited sub-account that may order as the config says, and e-mails its link in the brand's language", async () => {
    const master = await masterIn();
    await call("/groups/config", as(master, config({ staff_can_make_orders: "false" })));
    const email = newEmail();
    const invited = await invite(master, { email: email.toUpperCase(), permissions: "tickets,orders" });
    expect(invited).toMatchObject({
      status: 201,
      body: {
        email,
        firstName: "Marta",
        lastName: "Gil",
        status: "INVITED",
        permissions: ["orders", "tickets"],
        canMakeOrders: false,
      },
    });
    const id = invited.body.id as string;
    expect(await stored(id)).toEqual({
      kind: "master",
      masterId: master.id,
      status: "INVITED",
      permissions: '["orders","tickets"]',
      canMakeOrders: 0,
      passwordHash: null,
    });

    const [mail, ...more] = await outboxFor(email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: "staff-invitation", subject: "Estudio Luz SL te invita a WPX España" });
    expect(mail!.body).toContain("Hola, Marta:");
    expect(linkIn(mail!.body)).toBeDefined();
    const [token] = await tokensOf(id);
    const days = (Date.parse(token!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Until the invitation is accepted, nobody signs in as them.
    expect((await call("/accounts/credentials", { site: "WPX-ES", email, password: "anything-at-all" })).status).toBe(
      401,
    );
  });

  it("refuses an e-mail that has an account on the site, whatever its letter case, as a field error", async () => {
    const master = await masterIn();
    const customer = await accountIn();
    const taken = await invite(master, { email: customer.email.toUpperCase() });
    expect(taken).toMatchObject({ status: 409, body: { fieldErrors: { email: "group.errors.emailTaken" } } });
    const email = newEmail();
    expect((await invite(master, { email })).status).toBe(201);
    expect((await invite(master, { email })).status).toBe(409);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it.each([
    ["no e-mail", { email: "" }, "email"],
    ["an e-mail that is none", { email: "not-an-email" }, "email"],
    ["no names", { first_name: " ", last_name: "" }, "first_name"],
    ["an over-long name", { last_name: "x".repeat(101) }, "last_name"],
    ["an unknown permission", { permissions: "orders,admin" }, "permissions"],
    ["a link to another kind of site", { site_url: "javascript:alert(1)" }, "site_url"],
  ])("refuses %s", async (_case, fields, field) => {
    const refused = await invite(await masterIn(), fields);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toContain(field);
  });

  it("is for the owner only", async () => {
    const master = await masterIn();
    for (const someone of [await accountIn(), await staffOf(master, ["orders", "tickets", "invoices"])]) {
      const email = newEmail();
      expect((await invite(someone as Account, { email })).status).toBe(403);
      expect(await outboxFor(email)).toHaveLength(0);
    }
  });
});

describe("managing staff", () => {
  it("lists the owner's staff only", async () => {
    const master = await masterIn();
    const other = await masterIn();
    const mine = await staffOf(master, ["orders"]);
    const invited = await invite(master);
    const theirs = await staffOf(other, ["orders"]);
    const list = await call(withQuery("/groups/staff", as(master)));
    expect(list.status).toBe(200);
    const ids = (list.body.items as { id: string }[]).map((staff) => staff.id);
    expect(ids).toEqual([mine.id, invited.body.id]);
    expect(ids).not.toContain(theirs.id);
    expect((await call(withQuery("/groups/staff", as(mine)))).status).toBe(403);
    expect((await call(withQuery("/groups/staff", as(await accountIn())))).status).toBe(403);
  });

  it("changes a staff member's permissions and whether they may order", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    const changed = await call(
      `/groups/staff/${staff.id}`,
      as(master, { permissions: "invoices,tickets", can_make_orders: "false" }),
    );
    expect(changed).toMatchObject({
      status: 200,
      body: { id: staff.id, permissions: ["tickets", "invoices"], canMakeOrders: false },
    });
    expect(await stored(staff.id)).toMatchObject({ permissions: '["tickets","invoices"]', canMakeOrders: 0 });
    const none = await call(`/groups/staff/${staff.id}`, as(master, { permissions: "", can_make_orders: "true" }));
    expect(none.body).toMatchObject({ permissions: [], canMakeOrders: true });
  });

  it("suspends and reactivates, but never activates an invited member", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    expect((await call(`/groups/staff/${staff.id}/status`, as(master, { status: "SUSPENDED" }))).body.status).toBe(
      "SUSPENDED",
    );
    expect((await call(`/groups/staff/${staff.id}/status`, as(master, { status: "SUSPENDED" }))).status).toBe(200);
    expect((await call(withQuery("/designs/saved", as(staff, { locale: "es" })))).status).toBe(403);
    expect((await call(`/groups/staff/${staff.id}/status`, as(master, { status: "ACTIVE" }))).body.status).toBe(
      "ACTIVE",
    );
    const invited = await invite(master);
    const id = invited.body.id as string;
    for (const status of ["ACTIVE", "SUSPENDED"]) {
      const refused = await call(`/groups/staff/${id}/status`, as(master, { status }));
      expect(refused.status).toBe(409);
    }
    expect((await stored(id))!.status).toBe("INVITED");
    expect((await call(`/groups/staff/${staff.id}/status`, as(master, { status: "DELETED" }))).status).toBe(400);
  });

  it("resends an invitation: a new link, the earlier one spent; only while invited", async () => {
    const master = await masterIn();
    const email = newEmail();
    const { body } = await invite(master, { email });
    const id = body.id as string;
    const resent = await call(`/groups/staff/${id}/invitation`, as(master, { site_url: SITE_URL }));
    expect(resent).toMatchObject({ status: 200, body: { id, status: "INVITED" } });
    const mails = await outboxFor(email);
    expect(mails).toHaveLength(2);
    expect(linkIn(mails[1]!.body)).not.toBe(linkIn(mails[0]!.body));
    const tokens = await tokensOf(id);
    expect(tokens.map((token) => token.usedAt === null)).toEqual([false, true]);
    const active = await staffOf(master, ["orders"]);
    expect((await call(`/groups/staff/${active.id}/invitation`, as(master, { site_url: SITE_URL }))).status).toBe(409);
  });

  it("answers 404 for another group's staff, the owner itself and unknown ids, changing nothing; staff may not manage each other", async () => {
    const master = await masterIn();
    const other = await masterIn();
    const theirs = await staffOf(other, ["orders"]);
    const invitedEmail = newEmail();
    const invitedTheirs = (await invite(other, { email: invitedEmail })).body.id as string;
    for (const id of [theirs.id, invitedTheirs, other.id, master.id, "acc_unknown"]) {
      expect(
        (
          await call(
            `/groups/staff/${id}`,
            as(master, { permissions: "orders,tickets,invoices", can_make_orders: "true" }),
          )
        ).status,
        id,
      ).toBe(404);
      expect((await call(`/groups/staff/${id}/status`, as(master, { status: "SUSPENDED" }))).status, id).toBe(404);
      expect((await call(`/groups/staff/${id}/invitation`, as(master, { site_url: SITE_URL }))).status, id).toBe(404);
    }
    expect(await stored(theirs.id)).toMatchObject({ status: "ACTIVE", permissions: '["orders"]' });
    expect(await outboxFor(invitedEmail)).toHaveLength(1);
    const colleague = await staffOf(other, ["orders", "tickets", "invoices"]);
    expect((await call(`/groups/staff/${theirs.id}/status`, as(colleague, { status: "SUSPENDED" }))).status).toBe(403);
    expect(
      (await call(`/groups/staff/${"x".repeat(65)}`, as(master, { permissions: "", can_make_orders: "true" }))).status,
    ).toBe(400);
  });
});

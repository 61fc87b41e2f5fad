import { describe, expect, it } from "vitest";
import en from "@locales/en/group.json";
import esAuth from "@locales/es/auth.json";
import esCheckout from "@locales/es/checkout.json";
import es from "@locales/es/group.json";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { testEnv, visit } from "../setup/app";
import { location, outboxFor } from "../setup/orders";
import { readableHtml } from "./html";

// The master's account settings page: its company, its staff and inviting more; for the master itself only.

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  visit(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const text = readableHtml;
const company = (fields: Record<string, string> = {}) => ({
  intent: "config",
  company_name: "Estudio Luz SL",
  tax_id: "B-65410011",
  phone: "+34 600 123 456",
  street: "Calle Mayor 12",
  postcode: "28013",
  city: "Madrid",
  staff_perm_orders: "on",
  staff_perm_invoices: "on",
  ...fields,
});
const stored = (id: string) =>
  testEnv.STORE_DB.prepare("SELECT status, permissions, can_make_orders AS canMakeOrders FROM accounts WHERE id = ?")
    .bind(id)
    .first<{ status: string; permissions: string; canMakeOrders: number }>();
/** The links of the account area's own navigation (the one with the sign-out button). */
const navLinks = (html: string) => {
  const nav =
    [...html.matchAll(/<nav[^>]*>([\s\S]*?)<\/nav>/g)]
      .map((match) => match[1]!)
      .find((inner) => inner.includes('data-testid="sign-out"')) ?? "";
  return [...nav.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
};

describe("who reaches /accounts/config", () => {
  it("is the master itself; its staff, customers and guests are sent away", async () => {
    const master = await masterIn();
    const page = await visit("/accounts/config", { cookie: await signedInAs(master) });
    expect(page.status).toBe(200);
    const html = text(await page.text());
    expect(html).toContain(es.group.company.title);
    expect(html).toContain('value="Estudio Luz SL"');
    expect(html).toContain(es.group.company.commissionRate.replace("{{rate}}", "5"));
    expect(html).toContain(es.group.staff.empty);
    expect(html).toContain(es.group.invite.title);

    // Sent home with the reason: the company's owner's page, or a company's page.
    for (const [someone, why] of [
      [await staffOf(master, ["orders", "tickets", "invoices"]), "ownerOnly"],
      [await accountIn(), "companyOnly"],
    ] as const) {
      const cookie = await signedInAs(someone);
      for (const path of [
        "/accounts/config",
        "/accounts/commissions",
        "/accounts/commissions.csv",
        "/accounts/designs/admin",
      ]) {
        const refused = await visit(path, { cookie });
        expect(refused.status, path).toBe(302);
        expect(location(refused), path).toBe(`/accounts/home?refused=${why}`);
      }
    }
    expect(location(await visit("/accounts/config"))).toBe("/login?redirectTo=%2Faccounts%2Fconfig");
  });

  it("shows the owner's links to its staff only when they are theirs to use", async () => {
    const master = await masterIn();
    const ownerLinks = navLinks(await (await visit("/accounts/home", { cookie: await signedInAs(master) })).text());
    expect(ownerLinks).toEqual(
      expect.arrayContaining([
        "/accounts/config",
        "/accounts/commissions",
        "/accounts/designs/admin",
        "/accounts/designs",
      ]),
    );
    const staffLinks = navLinks(
      await (
        await visit("/accounts/home", {
          cookie: await signedInAs(await staffOf(master, ["orders", "tickets", "invoices"])),
        })
      ).text(),
    );
    expect(staffLinks).toEqual(expect.arrayContaining(["/accounts/orders", "/accounts/tickets", "/accounts/designs"]));
    for (const ownerOnly of ["/accounts/config", "/accounts/commissions", "/accounts/designs/admin"])
      expect(staffLinks).not.toContain(ownerOnly);
  });
});

describe("form bodies that are no form", () => {
  it("are refused on every form of the master's pages, changing nothing", async () => {
    const master = await masterIn();
    const cookie = await signedInAs(master);
    for (const path of ["/accounts/config", "/accounts/designs", "/accounts/designs/admin"]) {
      const json = await visit(path, {
        method: "POST",
        cookie,
        body: JSON.stringify(company()),
        headers: { "content-type": "application/json" },
      });
      expect(json.status, path).toBe(415);
      const broken = await visit(path, {
        method: "POST",
        cookie,
        body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nconfig',
        headers: { "content-type": "multipart/form-data; boundary=y" },
      });
      expect(broken.status, path).toBe(400);
    }
    expect(
      await testEnv.STORE_DB.prepare("SELECT 1 FROM master_configs WHERE account_id = ?").bind(master.id).first(),
    ).toBeNull();
  });
});

describe("the company form", () => {
  it("saves the company and the staff defaults, and says so", async () => {
    const master = await masterIn();
    const cookie = await signedInAs(master);
    const saved = await post("/accounts/config", cookie, company());
    expect(saved.status).toBe(303);
    expect(location(saved)).toBe("/accounts/config?done=configSaved");
    const html = text(await (await visit(location(saved), { cookie })).text());
    expect(html).toContain(es.group.notices.configSaved);
    expect(html).toContain('value="Calle Mayor 12"');
    const config = await testEnv.STORE_DB.prepare(
      "SELECT staff_permissions AS permissions, staff_can_make_orders AS mayOrder, tax_id AS taxId FROM master_configs WHERE account_id = ?",
    )
      .bind(master.id)
      .first();
    expect(config).toEqual({ permissions: '["orders","invoices"]', mayOrder: 0, taxId: "B-65410011" });
  });

  it("shows translated field errors and keeps what was typed", async () => {
    const master = await masterIn();
    const refused = await post(
      "/accounts/config",
      await signedInAs(master),
      company({ tax_id: "B65410012", postcode: "99999", company_name: "" }),
    );
    expect(refused.status).toBe(400);
    const html = text(await refused.text());
    expect(html).toContain(esAuth.auth.errors.taxId);
    expect(html).toContain(esCheckout.checkout.errors.postcode);
    expect(html).toContain(es.group.errors.required);
    expect(html).toContain('value="B65410012"');
    expect(
      await testEnv.STORE_DB.prepare("SELECT 1 FROM master_configs WHERE account_id = ?").bind(master.id).first(),
    ).toBeNull();
  });

  it("speaks the page's language", async () => {
    const html = text(
      await (await visit("/en/accounts/config", { cookie: await signedInAs(await masterIn()) })).text(),
    );
    expect(html).toContain(en.group.company.staffDefaults);
  });
});

describe("staff", () => {
  it("invites a staff member, who then shows in the list as invited, with an e-mail sent", async () => {
    const master = await masterIn();
    const cookie = await signedInAs(master);
    const email = `marta.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const invited = await post("/accounts/config", cookie, {
      intent: "invite",
      email,
      first_name: "Marta",
      last_name: "Gil",
      perm_orders: "on",
      perm_tickets: "on",
    });
    expect(invited.status).toBe(303);
    expect(location(invited)).toBe("/accounts/config?done=invited");
    const html = text(await (await visit(location(invited), { cookie })).text());
    expect(html).toContain("Marta Gil");
    expect(html).toContain(email);
    expect(html).toContain(es.group.staff.statuses.INVITED);
    expect(html).toContain(es.group.staff.resend);
    const [mail] = await outboxFor(email);
    expect(mail!.body).toMatch(/http:\/\/wpx-es\.localhost\/login\/password-reset\?token=[0-9a-f]{64}/);

    const again = await post("/accounts/config", cookie, {
      intent: "invite",
      email,
      first_name: "Marta",
      last_name: "Gil",
    });
    expect(again.status).toBe(400);
    expect(text(await again.text())).toContain(es.group.errors.emailTaken);
    const empty = await post("/accounts/config", cookie, {
      intent: "invite",
      email: "nope",
      first_name: "",
      last_name: "Gil",
    });
    const emptyHtml = text(await empty.text());
    expect(emptyHtml).toContain(es.group.errors.email);
    expect(emptyHtml).toContain(es.group.errors.required);
  });

  it("saves one person's permissions and may-order, suspends, reactivates and resends", async () => {
    const master = await masterIn();
    const cookie = await signedInAs(master);
    const staff = await staffOf(master, ["orders"]);
    const saved = await post("/accounts/config", cookie, {
      intent: "staff",
      staffId: staff.id,
      perm_tickets: "on",
      perm_invoices: "on",
    });
    expect(location(saved)).toBe("/accounts/config?done=staffSaved");
    expect(await stored(staff.id)).toEqual({
      status: "ACTIVE",
      permissions: '["tickets","invoices"]',
      canMakeOrders: 0,
    });

    expect(
      location(await post("/accounts/config", cookie, { intent: "status", staffId: staff.id, status: "SUSPENDED" })),
    ).toBe("/accounts/config?done=suspended");
    expect((await stored(staff.id))!.status).toBe("SUSPENDED");
    expect(text(await (await visit("/accounts/config", { cookie })).text())).toContain(es.group.staff.reactivate);
    expect(
      location(await post("/accounts/config", cookie, { intent: "status", staffId: staff.id, status: "ACTIVE" })),
    ).toBe("/accounts/config?done=reactivated");
    expect((await stored(staff.id))!.status).toBe("ACTIVE");

    const refused = await post("/accounts/config", cookie, { intent: "resend", staffId: staff.id });
    expect(refused.status).toBe(409);
    expect(text(await refused.text())).toContain(es.group.errors.statusConflict);
  });

  it("changes nobody of another group, and staff cannot post to the page", async () => {
    const master = await masterIn();
    const other = await masterIn();
    const theirs = await staffOf(other, ["orders"]);
    const cookie = await signedInAs(master);
    for (const fields of <Record<string, string>[]>[
      { intent: "staff", staffId: theirs.id, perm_orders: "on", perm_tickets: "on", perm_invoices: "on" },
      { intent: "status", staffId: theirs.id, status: "SUSPENDED" },
      { intent: "resend", staffId: theirs.id },
      { intent: "staff", staffId: "x".repeat(500) },
    ]) {
      const refused = await post("/accounts/config", cookie, fields);
      expect(refused.status, fields.intent).toBe(404);
      expect(text(await refused.text())).toContain(es.group.errors.staffGone);
    }
    expect(await stored(theirs.id)).toEqual({ status: "ACTIVE", permissions: '["orders"]', canMakeOrders: 1 });
    const colleague = await signedInAs(await staffOf(other, ["orders", "tickets", "invoices"]));
    const staffPost = await post("/accounts/config", colleague, {
      intent: "status",
      staffId: theirs.id,
      status: "SUSPENDED",
    });
    expect(location(staffPost)).toBe("/accounts/home?refused=ownerOnly");
    expect((await stored(theirs.id))!.status).toBe("ACTIVE");
    expect((await post("/accounts/config", cookie, { intent: "explode" })).status).toBe(400);
  });
});

import { describe, expect, it } from "vitest";
import { ACCOUNT_OVERVIEW_LATEST, accountOverviewSchema } from "@contract/api/account-overview";
import { accountOrderListSchema } from "@contract/api/account-orders";
import { withAccountSchema, type Account } from "@contract/api/accounts";
import { API_ERROR_CODES } from "@contract/api/errors";
import { orderPlacedBy } from "@test-setup/account-orders";
import { testEnv } from "@test-setup/app";
import { accountIn, masterIn, staffOf } from "@test-setup/accounts";
import { productApi } from "@test-setup/product-api";
import { savedDesign } from "@test-setup/saved-designs";

const HOUR = 3_600_000;
const overviewOf = (who: Pick<Account, "id"> & { site?: string }, query: Record<string, string> = {}) =>
  productApi("/accounts/overview", {
    query: { site: who.site ?? "WPX-ES", account_id: who.id, locale: "es", ...query },
  });
const ticketOf = async (account: Account, subject: string) => {
  const answer = await productApi("/tickets", {
    form: {
      site: account.site,
      locale: "es",
      site_url: "https://wpx.es",
      account_id: account.id,
      subject,
      message: "La taza llegó con el asa rota.",
    },
  });
  expect(answer.status).toBe(201);
  return answer.body as { publicId: string };
};

describe("the account home's overview (GET /accounts/overview)", () => {
  it("gives the latest orders, the open tickets and the designs, newest first, each with its total", async () => {
    const shopper = await accountIn();
    const orders = [];
    for (const hoursAgo of [40, 30, 20, 10])
      orders.push((await orderPlacedBy(shopper, { createdAt: new Date(Date.now() - hoursAgo * HOUR) })).publicId);
    const first = await ticketOf(shopper, "Asa rota");
    const second = await ticketOf(shopper, "Factura");
    const resolved = await ticketOf(shopper, "Cambio de dirección");
    expect(
      (
        await productApi(`/tickets/${resolved.publicId}/status`, {
          form: { site: "WPX-ES", account_id: shopper.id, status: "RESOLVED" },
        })
      ).status,
    ).toBe(200);
    const designs = [];
    for (const day of [1, 2, 3, 4, 5])
      designs.push(await savedDesign(shopper, { updatedAt: `2026-0${day}-01T10:00:00.000Z` }));

    const answer = await overviewOf(shopper);
    expect(answer.status).toBe(200);
    const overview = accountOverviewSchema.parse(answer.body);
    expect(overview.orders?.total).toBe(4);
    expect(overview.orders?.items.map((order) => order.publicId)).toEqual(
      orders.slice(-ACCOUNT_OVERVIEW_LATEST.orders).reverse(),
    );
    expect(overview.tickets?.open).toBe(2);
    expect(overview.tickets?.items.map((ticket) => ticket.publicId).sort()).toEqual(
      [first.publicId, second.publicId].sort(),
    );
    expect(overview.designs.total).toBe(5);
    expect(overview.designs.items.map((design) => design.id)).toEqual(
      designs.slice(-ACCOUNT_OVERVIEW_LATEST.designs).reverse(),
    );
  });

  it("shows nobody else's records: a new customer's overview is empty", async () => {
    const shopper = await accountIn();
    await orderPlacedBy(shopper);
    await savedDesign(shopper);
    const stranger = await accountIn();
    const overview = accountOverviewSchema.parse((await overviewOf(stranger)).body);
    expect(overview).toEqual({
      orders: { items: [], total: 0 },
      tickets: { items: [], open: 0 },
      designs: { items: [], total: 0 },
    });
  });

  it("leaves out what a staff member may not see: no orders permission, no orders; no tickets permission, no tickets", async () => {
    const master = await masterIn();
    const buyer = await staffOf(master, ["orders"]);
    await orderPlacedBy(buyer);
    const designer = await staffOf(master, []);
    const ownDesign = await savedDesign(designer);
    const forDesigner = accountOverviewSchema.parse((await overviewOf(designer)).body);
    expect(forDesigner.orders).toBeNull();
    expect(forDesigner.tickets).toBeNull();
    expect(forDesigner.designs.items.map((design) => design.id)).toEqual([ownDesign]);
    // The master sees its group's orders, its buyer's among them.
    expect(accountOverviewSchema.parse((await overviewOf(master)).body).orders?.total).toBe(1);
  });

  it("refuses an account that may not act (suspended, or of another site) with 403, and a broken query with 400", async () => {
    const master = await masterIn();
    const suspended = await staffOf(master, ["orders", "tickets"], { status: "SUSPENDED" });
    expect((await overviewOf(suspended)).status).toBe(403);
    const elsewhere = await accountIn("WPX-PL");
    const fromAnotherSite = await overviewOf({ id: elsewhere.id, site: "WPX-ES" });
    expect(fromAnotherSite.status).toBe(403);
    expect(fromAnotherSite.body.error?.code).toBe(API_ERROR_CODES.forbidden);
    const shopper = await accountIn();
    for (const query of [{ account_id: "" }, { account_id: "a".repeat(65) }, { locale: "x".repeat(40) }] as Record<
      string,
      string
    >[]) {
      const refused = await overviewOf(shopper, query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
    }
    // An id that is no account's is nobody: 403, whatever it holds.
    expect((await overviewOf({ id: "'; DROP TABLE accounts; --" })).status).toBe(403);
    expect((await overviewOf(shopper)).status).toBe(200);
  });
});

describe("a page's read with its acting account (with_account=1, docs/decisions/0030)", () => {
  const withAccount = { with_account: "1" };
  const ordersOf = (who: Account, query: Record<string, string> = {}) =>
    productApi("/orders", {
      query: { site: who.site, account_id: who.id, date_filter: "without", page: "1", ...query },
    });

  it("answers the data with the account as stored now and its open cart", async () => {
    const shopper = await accountIn();
    await orderPlacedBy(shopper);
    const visitor = { site: "WPX-ES", ext_session_id: `s-${shopper.id}`, customer_id: shopper.id, locale: "es" };
    const cart = (await productApi("/carts", { form: visitor })).body as { id: string };
    await productApi(`/carts/${cart.id}/lines`, { form: { ...visitor, article_id: "203", quantity: "2" } });
    const home = await overviewOf(shopper, withAccount);
    expect(home.status).toBe(200);
    const { account } = withAccountSchema.parse(home.body);
    expect(account).toMatchObject({
      id: shopper.id,
      status: "ACTIVE",
      kind: "customer",
      openCart: { id: cart.id, lineCount: 1, itemCount: 2 },
    });
    expect(accountOverviewSchema.parse(home.body).orders?.total).toBe(1);
    const orders = await ordersOf(shopper, withAccount);
    expect(withAccountSchema.parse(orders.body).account?.id).toBe(shopper.id);
    expect(accountOrderListSchema.parse(orders.body).total).toBe(1);
    // Asked without it, the answer is the data alone, as before.
    expect((await ordersOf(shopper)).body).not.toHaveProperty("account");
  });

  it("carries a suspended account without its data, and none for an id that is nobody's", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders", "tickets"]);
    await orderPlacedBy(staff);
    expect(accountOrderListSchema.parse((await ordersOf(staff, withAccount)).body).total).toBe(1);
    await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'SUSPENDED' WHERE id = ?").bind(staff.id).run();
    for (const answer of [await ordersOf(staff, withAccount), await overviewOf(staff, withAccount)]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ account: expect.objectContaining({ id: staff.id, status: "SUSPENDED" }) });
    }
    expect((await ordersOf(staff)).status).toBe(403);
    expect((await overviewOf({ id: "acc_nobody" }, withAccount)).body).toEqual({ account: null });
    for (const value of ["0", "true", "1".repeat(50)])
      expect((await ordersOf(staff, { with_account: value })).status, value).toBe(400);
  });

  it("reads for the account as stored now: a permission withdrawn or granted since its last read counts at once", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders", "invoices"]);
    await orderPlacedBy(staff);
    // The read before starts for the actor seen last; the account's row read beside it decides.
    expect(accountOverviewSchema.parse((await overviewOf(staff, withAccount)).body).orders?.total).toBe(1);
    await testEnv.STORE_DB.prepare(`UPDATE accounts SET permissions = '["tickets"]' WHERE id = ?`).bind(staff.id).run();
    const withdrawn = accountOverviewSchema.parse((await overviewOf(staff, withAccount)).body);
    expect(withdrawn.orders).toBeNull();
    expect(withdrawn.tickets).toEqual({ items: [], open: 0 });
    expect(accountOrderListSchema.parse((await ordersOf(staff)).body).total).toBe(0);
    await testEnv.STORE_DB.prepare(`UPDATE accounts SET permissions = '["orders"]' WHERE id = ?`).bind(staff.id).run();
    const granted = await ordersOf(staff, withAccount);
    expect(withAccountSchema.parse(granted.body).account?.permissions).toEqual(["orders"]);
    expect(accountOrderListSchema.parse(granted.body).total).toBe(1);
  });
});

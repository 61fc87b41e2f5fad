import { describe, expect, it } from "vitest";
import { ACCOUNT_OVERVIEW_LATEST, accountOverviewSchema } from "@contract/api/account-overview";
import type { Account } from "@contract/api/accounts";
import { API_ERROR_CODES } from "@contract/api/errors";
import { orderPlacedBy } from "@test-setup/account-orders";
import { accountIn, masterIn, staffOf } from "@test-setup/accounts";
import { productApi } from "@test-setup/product-api";
import { savedDesign } from "@test-setup/saved-designs";

const HOUR = 3_600_000;
const overviewOf = (who: Pick<Account, "id"> & { site?: string }, query: Record<string, string> = {}) =>
  productApi("/accounts/overview", { query: { site: who.site ?? "WPX-ES", account_id: who.id, locale: "es", ...query } });
const ticketOf = async (account: Account, subject: string) => {
  const answer = await productApi("/tickets", {
    form: { site: account.site, locale: "es", site_url: "https://wpx.es", account_id: account.id, subject, message: "La taza llegó con el asa rota." },
  });
  expect(answer.status).toBe(201);
  return answer.body as { publicId: string };
};

describe("the account home's overview (GET /accounts/overview)", () => {
  it("gives the latest orders, the open tickets and the designs, newest first, each with its total", async () => {
    const shopper = await accountIn();
    const orders = [];
    for (const hoursAgo of [40, 30, 20, 10]) orders.push((await orderPlacedBy(shopper, { createdAt: new Date(Date.now() - hoursAgo * HOUR) })).publicId);
    const first = await ticketOf(shopper, "Asa rota");
    const second = await ticketOf(shopper, "Factura");
    const resolved = await ticketOf(shopper, "Cambio de dirección");
    expect((await productApi(`/tickets/${resolved.publicId}/status`, { form: { site: "WPX-ES", account_id: shopper.id, status: "RESOLVED" } })).status).toBe(200);
    const designs = [];
    for (const day of [1, 2, 3, 4, 5]) designs.push(await savedDesign(shopper, { updatedAt: `2026-0${day}-01T10:00:00.000Z` }));

    const answer = await overviewOf(shopper);
    expect(answer.status).toBe(200);
    const overview = accountOverviewSchema.parse(answer.body);
    expect(overview.orders?.total).toBe(4);
    expect(overview.orders?.items.map((order) => order.publicId)).toEqual(orders.slice(-ACCOUNT_OVERVIEW_LATEST.orders).reverse());
    expect(overview.tickets?.open).toBe(2);
    expect(overview.tickets?.items.map((ticket) => ticket.publicId).sort()).toEqual([first.publicId, second.publicId].sort());
    expect(overview.designs.total).toBe(5);
    expect(overview.designs.items.map((design) => design.id)).toEqual(designs.slice(-ACCOUNT_OVERVIEW_LATEST.designs).reverse());
  });

  it("shows nobody else's records: a new customer's overview is empty", async () => {
    const shopper = await accountIn();
    await orderPlacedBy(shopper);
    await savedDesign(shopper);
    const stranger = await accountIn();
    const overview = accountOverviewSchema.parse((await overviewOf(stranger)).body);
    expect(overview).toEqual({ orders: { items: [], total: 0 }, tickets: { items: [], open: 0 }, designs: { items: [], total: 0 } });
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
    for (const query of [{ account_id: "" }, { account_id: "a".repeat(65) }, { locale: "x".repeat(40) }] as Record<string, string>[]) {
      const refused = await overviewOf(shopper, query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
    }
    // An id that is no account's is nobody: 403, whatever it holds.
    expect((await overviewOf({ id: "'; DROP TABLE accounts; --" })).status).toBe(403);
    expect((await overviewOf(shopper)).status).toBe(200);
  });
});

import { describe, expect, it } from "vitest";
import type { Account } from "@contract/api/accounts";
import type { CommissionPage } from "@contract/api/commissions";
import { accountIn, masterIn, signedInAs, staffOf } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { recordedCommissions } from "@test-setup/commissions";
import { location, sendWebhook, shopperWithCheckout } from "@test-setup/orders";
import { submitPaymentStep } from "@test-setup/place-order";
import { callApi as call, withQuery } from "@test-setup/product-api";

// Commissions: recorded when a staff member's order is paid (by the sandbox provider's webhook), read by the master.
const as = (account: Pick<Account, "id" | "site">, fields: Record<string, string> = {}) => ({
  site: account.site,
  account_id: account.id,
  ...fields,
});

/**
 * The account, signed in (or a guest), places an order in WPX-ES (a checkout saved step by step) and is sent to the
 * sandbox provider.
 */
async function orderAtProvider(account: Account | null) {
  const shopper = await shopperWithCheckout();
  const cookie = account
    ? await signedInAs(account, { fotiApiClient: { extSessionId: shopper.extSessionId }, cartId: shopper.cartId })
    : shopper.cookie;
  const paymentId = location(await submitPaymentStep(cookie))
    .split("/")
    .at(-1)!;
  const order = await testEnv.STORE_DB.prepare(
    "SELECT id, customer_id AS customerId, total, vat FROM orders WHERE cart_id = ?",
  )
    .bind(shopper.cartId)
    .first<{ id: number; customerId: string | null; total: number; vat: number }>();
  return { paymentId, order: order! };
}

const commissionsOfOrder = (orderId: number) =>
  testEnv.STORE_DB.prepare(
    "SELECT master_id AS masterId, source, rate, base, amount, status FROM commissions WHERE order_id = ?",
  )
    .bind(orderId)
    .all<{ masterId: string; source: string; rate: number; base: number; amount: number; status: string }>()
    .then((result) => result.results);

describe("a staff member's paid order", () => {
  it("earns the master one GROUP commission at the default rate on the total without VAT, however often the event comes", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    const { paymentId, order } = await orderAtProvider(staff);
    expect(order.customerId).toBe(staff.id);
    expect(await commissionsOfOrder(order.id)).toEqual([]);

    const { response, eventId } = await sendWebhook(paymentId, "payment.succeeded");
    expect(response.status).toBe(200);
    const base = order.total - order.vat;
    const expected = [
      { masterId: master.id, source: "GROUP", rate: 5, base, amount: Math.round(base * 0.05), status: "PENDING" },
    ];
    expect(await commissionsOfOrder(order.id)).toEqual(expected);

    await sendWebhook(paymentId, "payment.succeeded", { eventId });
    await sendWebhook(paymentId, "payment.succeeded");
    await Promise.all([sendWebhook(paymentId, "payment.succeeded"), sendWebhook(paymentId, "payment.succeeded")]);
    expect(await commissionsOfOrder(order.id)).toEqual(expected);
  });

  it("uses the rate the shop set in the master's config", async () => {
    const master = await masterIn();
    await testEnv.STORE_DB.prepare(
      "INSERT INTO master_configs (account_id, company_name, commission_rate, updated_at) VALUES (?, 'Estudio Luz SL', 7.5, ?)",
    )
      .bind(master.id, new Date().toISOString())
      .run();
    const { paymentId, order } = await orderAtProvider(await staffOf(master, ["orders", "tickets"]));
    await sendWebhook(paymentId, "payment.succeeded");
    const base = order.total - order.vat;
    expect(await commissionsOfOrder(order.id)).toEqual([
      { masterId: master.id, source: "GROUP", rate: 7.5, base, amount: Math.round(base * 0.075), status: "PENDING" },
    ]);
  });

  it("earns nothing on a customer's, a master's own, a guest's or an unpaid order", async () => {
    const unpaid = await orderAtProvider(await staffOf(await masterIn(), ["orders"]));
    await sendWebhook(unpaid.paymentId, "payment.failed");
    expect(await commissionsOfOrder(unpaid.order.id)).toEqual([]);
    for (const account of [await accountIn(), await masterIn(), null]) {
      const { paymentId, order } = await orderAtProvider(account);
      await sendWebhook(paymentId, "payment.succeeded");
      expect(await commissionsOfOrder(order.id)).toEqual([]);
    }
  });
});

const list = async (account: Pick<Account, "id" | "site">, params: Record<string, string> = {}) =>
  call(withQuery("/commissions", as(account, params)));

describe("reading commissions", () => {
  it("gives the master its rows newest first, with sums per month and overall, filtered by month and status", async () => {
    const master = await masterIn();
    await recordedCommissions(master, [
      { month: "2026-09", base: 1000 },
      { month: "2026-10", base: 2000, status: "APPROVED" },
      { month: "2026-10", base: 4000, source: "AFFILIATE" },
      { month: "2026-11", base: 8000, status: "PAID" },
    ]);
    const all = await list(master);
    expect(all.status).toBe(200);
    const page = all.body as unknown as CommissionPage;
    expect(page.items.map((row) => [row.source, row.base, row.amount, row.status])).toEqual([
      ["GROUP", 8000, 400, "PAID"],
      ["AFFILIATE", 4000, 200, "PENDING"],
      ["GROUP", 2000, 100, "APPROVED"],
      ["GROUP", 1000, 50, "PENDING"],
    ]);
    expect(page.items[0]!.orderPublicId).toMatch(/^T[0-9A-F]{10}$/);
    expect(page).toMatchObject({
      page: 1,
      pageCount: 1,
      currency: "EUR",
      overall: { count: 4, base: 15000, amount: 750 },
    });
    expect(page.months).toEqual([
      { month: "2026-11", count: 1, base: 8000, amount: 400 },
      { month: "2026-10", count: 2, base: 6000, amount: 300 },
      { month: "2026-09", count: 1, base: 1000, amount: 50 },
    ]);

    const october = (await list(master, { month: "2026-10" })).body as unknown as CommissionPage;
    expect(october.items.map((row) => row.base)).toEqual([4000, 2000]);
    expect(october.overall).toEqual({ count: 2, base: 6000, amount: 300 });
    const pending = (await list(master, { status: "PENDING" })).body as unknown as CommissionPage;
    expect(pending.items.map((row) => row.base)).toEqual([4000, 1000]);
    const secondPage = (await list(master, { per_page: "3", page: "2" })).body as unknown as CommissionPage;
    expect(secondPage).toMatchObject({ page: 2, pageCount: 2, overall: { count: 4 } });
    expect(secondPage.items.map((row) => row.base)).toEqual([1000]);
    expect((await list(master, { month: "2025-01" })).body as unknown as CommissionPage).toMatchObject({
      items: [],
      pageCount: 0,
      overall: { count: 0, base: 0, amount: 0 },
    });
  });

  it("is the master's alone: its staff (every permission), customers and other masters see none of it", async () => {
    const master = await masterIn();
    await recordedCommissions(master, [{ month: "2026-10", base: 1000 }]);
    for (const someone of [
      await staffOf(master, ["orders", "tickets", "invoices"]),
      await accountIn(),
      { id: "acc_nobody", site: "WPX-ES" },
      { id: master.id, site: "WPX-PL" },
    ]) {
      expect((await list(someone)).status, someone.id).toBe(403);
    }
    const other = await masterIn();
    expect((await list(other)).body).toMatchObject({ items: [], overall: { count: 0 } });
  });

  it.each([
    ["a month that is none", { month: "2026-13" }],
    ["a month in another shape", { month: "10/2026" }],
    ["an unknown status", { status: "STOLEN" }],
    ["page 0", { page: "0" }],
    ["a page beyond the limit", { page: "99999999999" }],
    ["pages of absurd size", { per_page: "100000" }],
  ])("refuses %s with 400", async (_case, params) => {
    const answer = await list(await masterIn(), params);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.code).toBe(4000);
  });
});

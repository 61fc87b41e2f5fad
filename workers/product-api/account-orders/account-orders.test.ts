import { describe, expect, it } from "vitest";
import { ACCOUNT_ORDERS_PAGE_SIZE, accountOrderListSchema, reorderResultSchema } from "@contract/api/account-orders";
import { DATE_FILTERS } from "@contract/api/enums";
import { orderPlacedBy, payOnline } from "@test-setup/account-orders";
import { productApi } from "@test-setup/product-api";
import { accountIn, masterIn, staffOf } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";

const DAY = 86_400_000;
type Who = { id: string; site?: string };

const list = async (who: Who, query: Record<string, string> = {}) => {
  const answer = await productApi("/orders", { query: { site: who.site ?? "WPX-ES", account_id: who.id, ...query } });
  return {
    status: answer.status,
    body: answer.status === 200 ? accountOrderListSchema.parse(answer.body) : answer.body,
  };
};
const idsSeenBy = async (who: Who, query: Record<string, string> = {}) => {
  const answer = await list(who, query);
  expect(answer.status).toBe(200);
  return (answer.body as { items: { publicId: string }[] }).items.map((item) => item.publicId).sort();
};
const reorder = (who: Who, publicId: string, fields: Record<string, string> = {}) =>
  productApi(`/orders/${publicId}/reorder`, {
    form: { site: "WPX-ES", account_id: who.id, ext_session_id: `s-${who.id}`, locale: "es", ...fields },
  });
/**
 * A master's group (a buyer with the orders permission, a staff member without it) whose buyer placed an order, and two
 * outsiders.
 */
async function groupWithOrder() {
  const master = await masterIn();
  const buyer = await staffOf(master, ["orders"]);
  const ticketsOnly = await staffOf(master, ["tickets"]);
  const { publicId } = await orderPlacedBy(buyer);
  return { master, buyer, ticketsOnly, otherMaster: await masterIn(), stranger: await accountIn(), publicId };
}
const readOrder = (publicId: string, query: Record<string, string>) =>
  productApi(`/orders/${publicId}`, { query: { ext_session_id: "someone-else", ...query } });

describe("an account's orders", () => {
  it("lists them newest first with what the page shows: number, date, status, payment, total, a summary of the lines", async () => {
    const shopper = await accountIn();
    const older = await orderPlacedBy(shopper, { createdAt: new Date(Date.now() - 5 * DAY) });
    const newer = await orderPlacedBy(shopper, { createdAt: new Date(Date.now() - DAY), paymentStatus: "PENDING" });
    await payOnline(newer.publicId);
    const { body } = await list(shopper);
    const { items, total, page, pageSize } = accountOrderListSchema.parse(body);
    expect({ total, page, pageSize }).toEqual({ total: 2, page: 1, pageSize: ACCOUNT_ORDERS_PAGE_SIZE });
    expect(items.map((item) => item.publicId)).toEqual([newer.publicId, older.publicId]);
    expect(items[0]).toMatchObject({
      statusCode: 0,
      paymentStatus: "PAID",
      shipmentStatus: null,
      total: 4830,
      currency: "EUR",
      placedBy: "Eva Moreno",
      lines: {
        firstName: "Pack de fotos reveladas",
        firstNamePlural: "Packs de fotos reveladas",
        firstQuantity: 2,
        count: 2,
        items: 3,
      },
    });
    expect(items[0]!.invoiceNumber).toMatch(/^WPX-ES-\d{4}-\d{6}$/);
    expect(items[1]!.invoiceNumber).toBeNull();
  });

  it("filters by date: the last 30 days, three months, this calendar year and the last one (UTC)", async () => {
    const shopper = await accountIn();
    const now = new Date();
    const year = now.getUTCFullYear();
    const moments = {
      hourAgo: new Date(now.getTime() - 3_600_000),
      twentyDays: new Date(now.getTime() - 20 * DAY),
      sixtyDays: new Date(now.getTime() - 60 * DAY),
      twoHundredDays: new Date(now.getTime() - 200 * DAY),
      newYearsMidnight: new Date(Date.UTC(year, 0, 1)),
      lastNewYear: new Date(Date.UTC(year - 1, 0, 1, 12)),
      lastYearsEnd: new Date(Date.UTC(year, 0, 1) - 1000),
      twoYearsAgo: new Date(Date.UTC(year - 1, 0, 1) - 1000),
    };
    const ids: Record<string, string> = {};
    for (const [name, createdAt] of Object.entries(moments))
      ids[name] = (await orderPlacedBy(shopper, { createdAt })).publicId;
    const expected = (keep: (at: Date) => boolean) =>
      Object.entries(moments)
        .filter(([, at]) => keep(at))
        .map(([name]) => ids[name]!)
        .sort();
    expect(await idsSeenBy(shopper)).toEqual(Object.values(ids).sort());
    expect(await idsSeenBy(shopper, { date_filter: "without" })).toEqual(Object.values(ids).sort());
    expect(await idsSeenBy(shopper, { date_filter: "thirty_days" })).toEqual(
      expected((at) => now.getTime() - at.getTime() <= 30 * DAY),
    );
    // Sixty days ago is within three months, two hundred are not.
    const inThreeMonths = await idsSeenBy(shopper, { date_filter: "three_months" });
    expect(inThreeMonths).toEqual(expect.arrayContaining([ids.hourAgo, ids.twentyDays, ids.sixtyDays]));
    expect(inThreeMonths).not.toContain(ids.twoHundredDays);
    expect(await idsSeenBy(shopper, { date_filter: "this_year" })).toEqual(
      expected((at) => at.getUTCFullYear() === year),
    );
    expect(await idsSeenBy(shopper, { date_filter: "last_year" })).toEqual(
      expected((at) => at.getUTCFullYear() === year - 1),
    );
    expect(await idsSeenBy(shopper, { date_filter: "last_year" })).toEqual(
      expect.arrayContaining([ids.lastNewYear, ids.lastYearsEnd]),
    );
    expect(await idsSeenBy(shopper, { date_filter: "this_year" })).toContain(ids.newYearsMidnight);
    expect(DATE_FILTERS).toHaveLength(5);
  });

  it("pages ten at a time and says how many there are", async () => {
    const shopper = await accountIn();
    const placed: string[] = [];
    for (let index = 0; index < 12; index++)
      placed.push((await orderPlacedBy(shopper, { createdAt: new Date(Date.now() - (index + 1) * 60_000) })).publicId);
    const first = accountOrderListSchema.parse((await list(shopper)).body);
    const second = accountOrderListSchema.parse((await list(shopper, { page: "2" })).body);
    const beyond = accountOrderListSchema.parse((await list(shopper, { page: "3" })).body);
    expect(first.items.map((item) => item.publicId)).toEqual(placed.slice(0, 10));
    expect(second.items.map((item) => item.publicId)).toEqual(placed.slice(10));
    expect([first.total, second.total, beyond.total]).toEqual([12, 12, 12]);
    expect(beyond.items).toEqual([]);
  });

  it("refuses hostile input with 400, never 500", async () => {
    const shopper = await accountIn();
    const hostile: Record<string, string>[] = [
      { page: "0" },
      { page: "-1" },
      { page: "abc" },
      { page: "1.5" },
      { page: "99999999999999999999" },
      { page: "1001" },
      { date_filter: "yesterday" },
      { date_filter: "" },
      { account_id: "x".repeat(65) },
      { account_id: "" },
      { site: "" },
    ];
    for (const query of hostile) {
      const answer = await productApi("/orders", { query: { site: "WPX-ES", account_id: shopper.id, ...query } });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.error?.code).toBe(4000);
    }
    const { publicId } = await orderPlacedBy(shopper);
    expect(
      (
        await productApi(`/orders/${publicId}/reorder`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await productApi(`/orders/${publicId}/reorder`, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x" },
          body: "--x\r\nbroken",
        })
      ).status,
    ).toBe(400);
    expect((await reorder(shopper, publicId, { ext_session_id: "" })).status).toBe(400);
    expect((await reorder(shopper, publicId, { locale: "x".repeat(9) })).status).toBe(400);
    expect((await reorder(shopper, "ES-%3Cscript%3E")).status).toBe(400);
    expect((await reorder(shopper, "x".repeat(65))).status).toBe(400);
  });
});

describe("who sees which orders", () => {
  it("a customer its own; another customer none of them; an unknown or suspended account is refused", async () => {
    const ana = await accountIn();
    const ben = await accountIn();
    const anas = await orderPlacedBy(ana);
    const bens = await orderPlacedBy(ben);
    const guests = await orderPlacedBy(null);
    expect(await idsSeenBy(ana)).toEqual([anas.publicId]);
    expect(await idsSeenBy(ben)).toEqual([bens.publicId]);
    expect(await idsSeenBy(ana)).not.toContain(guests.publicId);
    // Ana's account on another site sees nothing of this site.
    expect((await list({ id: ana.id, site: "WPX-PL" })).status).toBe(403);
    expect((await list({ id: "acc_nobody" })).status).toBe(403);
    await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'SUSPENDED' WHERE id = ?").bind(ben.id).run();
    expect((await list(ben)).status).toBe(403);
  });

  it("a master and its staff with the orders permission the whole group's; staff without it and another group's master nothing", async () => {
    const master = await masterIn();
    const buyer = await staffOf(master, ["orders"]);
    const clerk = await staffOf(master, ["orders", "invoices"]);
    const ticketsOnly = await staffOf(master, ["tickets", "invoices"]);
    const otherMaster = await masterIn();
    const otherStaff = await staffOf(otherMaster, ["orders"]);
    const mastersOwn = await orderPlacedBy(master);
    const buyersOwn = await orderPlacedBy(buyer);
    const ticketsOnlysOwn = await orderPlacedBy(ticketsOnly);
    const otherGroups = await orderPlacedBy(otherStaff);
    const group = [mastersOwn.publicId, buyersOwn.publicId, ticketsOnlysOwn.publicId].sort();
    expect(await idsSeenBy(master)).toEqual(group);
    expect(await idsSeenBy(buyer)).toEqual(group);
    expect(await idsSeenBy(clerk)).toEqual(group);
    expect(await idsSeenBy(ticketsOnly)).toEqual([]);
    expect(await idsSeenBy(otherMaster)).toEqual([otherGroups.publicId]);
    expect(await idsSeenBy(otherStaff)).toEqual([otherGroups.publicId]);
  });

  it("shows an invoice number only to an account with the invoices permission", async () => {
    const master = await masterIn();
    const buyer = await staffOf(master, ["orders"]);
    const clerk = await staffOf(master, ["orders", "invoices"]);
    const order = await orderPlacedBy(buyer);
    await payOnline(order.publicId);
    const numberFor = async (who: Who) => accountOrderListSchema.parse((await list(who)).body).items[0]!.invoiceNumber;
    expect(await numberFor(clerk)).toMatch(/^WPX-ES-/);
    expect(await numberFor(master)).toMatch(/^WPX-ES-/);
    expect(await numberFor(buyer)).toBeNull();
  });

  it("one order: its session and its customer as before, and now any account that may see it through its group", async () => {
    const { master, buyer, ticketsOnly, otherMaster, stranger, publicId } = await groupWithOrder();
    expect((await readOrder(publicId, { ext_session_id: "placing-session" })).status).toBe(200);
    expect((await readOrder(publicId, { customer_id: buyer.id })).status).toBe(200);
    expect((await readOrder(publicId, { site: "WPX-ES", account_id: master.id })).body).toMatchObject({ publicId });
    expect((await readOrder(publicId, { site: "WPX-ES", account_id: buyer.id })).status).toBe(200);
    for (const who of [ticketsOnly, otherMaster, stranger]) {
      const refused = await readOrder(publicId, { site: "WPX-ES", account_id: who.id });
      expect(refused.status).toBe(404);
      expect(refused.body.error?.code).toBe(5004);
    }
    // The right account on the wrong site, or without its site, is not enough.
    expect((await readOrder(publicId, { site: "WPX-PL", account_id: master.id })).status).toBe(404);
    expect((await readOrder(publicId, { account_id: master.id })).status).toBe(404);
    expect((await readOrder(publicId, { site: "WPX-ES", account_id: "x".repeat(65) })).status).toBe(400);
  });
});

describe("buying an order again", () => {
  const cartLines = async (accountId: string) =>
    (
      await testEnv.STORE_DB.prepare(`SELECT l.article_id AS articleId, l.options, l.quantity FROM cart_lines l JOIN carts c ON c.id = l.cart_id
      WHERE c.customer_id = ? AND c.closed_at IS NULL ORDER BY l.id`)
        .bind(accountId)
        .all<{ articleId: number; options: string; quantity: number }>()
    ).results;

  it("puts the same articles, options and quantities into the account's open cart and answers the cart", async () => {
    const shopper = await accountIn();
    const { publicId } = await orderPlacedBy(shopper);
    const answer = await reorder(shopper, publicId);
    expect(answer.status).toBe(200);
    const result = reorderResultSchema.parse(answer.body);
    expect(result.added).toEqual([
      { articleId: 201, name: "Pack de fotos reveladas", quantity: 2 },
      { articleId: 203, name: "Taza personalizada", quantity: 1 },
    ]);
    expect(result.skipped).toEqual([]);
    expect(
      result.cart.lines.map((line) => [line.articleId, line.options.map((option) => option.id), line.quantity]),
    ).toEqual([
      [201, [28], 2],
      [203, [], 1],
    ]);
    expect(await cartLines(shopper.id)).toEqual([
      { articleId: 201, options: "28", quantity: 2 },
      { articleId: 203, options: "", quantity: 1 },
    ]);
    // Again: the same cart, the quantities grow.
    const again = reorderResultSchema.parse((await reorder(shopper, publicId)).body);
    expect(again.cart.id).toBe(result.cart.id);
    expect(again.cart.lines.map((line) => line.quantity)).toEqual([4, 2]);
  });

  it("skips an article the shop no longer sells, and says which", async () => {
    const shopper = await accountIn();
    const { publicId, id } = await orderPlacedBy(shopper);
    const retired = 290_000 + Math.floor(Math.random() * 9_000);
    await testEnv.STORE_DB.batch([
      testEnv.STORE_DB.prepare(
        "INSERT INTO articles (id, site, slug, price, image) VALUES (?, 'WPX-ES', ?, 990, '/images/articles/201.svg')",
      ).bind(retired, `retired-${retired}`),
      testEnv.STORE_DB.prepare(`INSERT INTO order_lines (order_id, article_id, name, name_plural, slug, image, options, quantity, unit_price, total)
        VALUES (?, ?, 'Calendario 2025', 'Calendarios 2025', 'calendario', '/images/articles/201.svg', '[]', 1, 990, 990)`).bind(
        id,
        retired,
      ),
      testEnv.STORE_DB.prepare("DELETE FROM articles WHERE id = ?").bind(retired),
      // An option the photo pack no longer has.
      testEnv.STORE_DB.prepare(
        `UPDATE order_lines SET options = '[{"id":99999,"group":"size","code":"9x9"}]' WHERE order_id = ? AND article_id = 201`,
      ).bind(id),
    ]);
    const result = reorderResultSchema.parse((await reorder(shopper, publicId)).body);
    expect(result.added.map((line) => line.articleId)).toEqual([203]);
    expect(result.skipped).toEqual([
      { articleId: 201, name: "Pack de fotos reveladas", quantity: 2 },
      { articleId: retired, name: "Calendario 2025", quantity: 1 },
    ]);
    expect(result.cart.lines.map((line) => line.articleId)).toEqual([203]);
  });

  it("only for an order the account may see; a master's group orders go into the master's own cart", async () => {
    const { master, buyer, ticketsOnly, otherMaster, stranger, publicId } = await groupWithOrder();
    for (const who of [ticketsOnly, otherMaster, stranger]) {
      const refused = await reorder(who, publicId);
      expect(refused.status).toBe(404);
      expect(refused.body.error?.code).toBe(5001);
      expect(await cartLines(who.id)).toEqual([]);
    }
    expect((await reorder({ id: "acc_nobody" }, publicId)).status).toBe(403);
    expect((await reorder(master, publicId)).status).toBe(200);
    expect((await cartLines(master.id)).map((line) => line.articleId)).toEqual([201, 203]);
    expect(await cartLines(buyer.id)).toEqual([]);
    // An account that may not make orders gets no cart filled.
    await testEnv.STORE_DB.prepare("UPDATE accounts SET can_make_orders = 0 WHERE id = ?").bind(buyer.id).run();
    expect((await reorder(buyer, publicId)).status).toBe(403);
  });
});

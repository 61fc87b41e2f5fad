import { describe, expect, it } from "vitest";
import { formatMoney } from "@contract/rules/money";
import en from "@locales/en/account-orders.json";
import pl from "@locales/pl/account-orders.json";
import es from "@locales/es/account-orders.json";
import tracking from "@locales/es/tracking.json";
import { invoicesOf, orderPlacedBy, payOnline } from "../setup/account-orders";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { sessionCookieFrom, testEnv, visit } from "../setup/app";
import { location } from "../setup/orders";
import { errorMessage, pageText as text } from "./html";

const DAY = 86_400_000;

const listed = (html: string) =>
  [...html.matchAll(/data-testid="account-order" data-public-id="([^"]+)"/g)].map((match) => match[1]!);

const reorder = (publicId: string, cookie: string, extra: Record<string, string> = {}) =>
  visit("/accounts/orders", {
    cookie,
    method: "POST",
    body: new URLSearchParams({ intent: "reorder", public_id: publicId, ...extra }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

describe("the account's orders page", () => {
  it("lists each order with its number, date, translated status, total, a tracking link and 'buy again'", async () => {
    const shopper = await accountIn();
    const older = await orderPlacedBy(shopper, { createdAt: new Date(Date.now() - 3 * DAY) });
    const newer = await orderPlacedBy(shopper, { createdAt: new Date(Date.now() - DAY) });
    const cookie = await signedInAs(shopper);
    const response = await visit("/accounts/orders", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = await response.text();
    expect(listed(html)).toEqual([newer.publicId, older.publicId]);
    const page = text(html);
    expect(page).toContain(es.accountOrders.order.number.replace("{{publicId}}", newer.publicId));
    expect(page).toContain(tracking.tracking.status["0"].label);
    expect(page).toContain(tracking.tracking.paymentStatus.PENDING);
    expect(page).toContain(
      formatMoney(4830, { currency: "EUR", decimals: true, locale: "es-ES" }).replace(/[\u00a0\u202f]/g, " "),
    );
    expect(page).toContain("2 × Packs de fotos reveladas");
    expect(html).toContain(`href="/tracking/${newer.publicId}"`);
    expect(html).toContain(`name="public_id" value="${older.publicId}"`);
    expect(page).toContain(es.accountOrders.order.reorder);
    // Unpaid orders have no invoice.
    expect(html).not.toContain('data-testid="order-invoice"');
  });

  it("shows the invoice links of a paid order to an account with the invoices permission only", async () => {
    const master = await masterIn();
    const buyer = await staffOf(master, ["orders"]);
    const order = await orderPlacedBy(buyer);
    await payOnline(order.publicId);
    const [invoice] = await invoicesOf(order.id);
    const mastersPage = await (await visit("/accounts/orders", { cookie: await signedInAs(master) })).text();
    expect(mastersPage).toContain(`href="/accounts/invoices/${invoice!.number}"`);
    expect(mastersPage).toContain(`href="/accounts/invoices/${invoice!.number}.pdf"`);
    expect(text(mastersPage)).toContain("Eva Moreno");
    const buyersPage = await (await visit("/accounts/orders", { cookie: await signedInAs(buyer) })).text();
    expect(listed(buyersPage)).toEqual([order.publicId]);
    expect(buyersPage).not.toContain("/accounts/invoices/");
  });

  it("filters by period with a GET form labelled in the page's language, and says when a period has none", async () => {
    const shopper = await accountIn("WPX-PL");
    const recent = await orderPlacedBy(shopper, { site: "WPX-PL", createdAt: new Date(Date.now() - 2 * DAY) });
    const old = await orderPlacedBy(shopper, {
      site: "WPX-PL",
      createdAt: new Date(Date.UTC(new Date().getUTCFullYear() - 1, 5, 15)),
    });
    const cookie = await signedInAs(shopper);
    const all = await (await visit("/accounts/orders", { brand: "WPX-PL", cookie })).text();
    expect(all).toMatch(/<form [^>]*method="get"/);
    expect(all).toContain('name="date_filter"');
    for (const label of Object.values(pl.accountOrders.filter.options)) expect(all).toContain(`>${label}</option>`);
    expect(text(all)).toContain(pl.accountOrders.filter.period);
    expect(listed(all).sort()).toEqual([recent.publicId, old.publicId].sort());
    const lastMonth = await (
      await visit("/accounts/orders?date_filter=thirty_days", { brand: "WPX-PL", cookie })
    ).text();
    expect(listed(lastMonth)).toEqual([recent.publicId]);
    expect(lastMonth).toMatch(/<option value="thirty_days" selected="">/);
    expect(
      listed(await (await visit("/accounts/orders?date_filter=last_year", { brand: "WPX-PL", cookie })).text()),
    ).toEqual([old.publicId]);
    // In English on the same site.
    const english = await (
      await visit("/en/accounts/orders?date_filter=last_year", { brand: "WPX-PL", cookie })
    ).text();
    expect(english).toContain(`>${en.accountOrders.filter.options.last_year}</option>`);
    // A filter that is not one shows everything rather than an error.
    expect(
      listed(
        await (await visit("/accounts/orders?date_filter=%3Cscript%3E&page=-3", { brand: "WPX-PL", cookie })).text(),
      ).sort(),
    ).toEqual(listed(all).sort());
    const empty = await accountIn("WPX-PL");
    const none = await (
      await visit("/accounts/orders?date_filter=this_year", { brand: "WPX-PL", cookie: await signedInAs(empty) })
    ).text();
    expect(text(none)).toContain(pl.accountOrders.emptyPeriod.title);
  });

  it("pages ten orders at a time", async () => {
    const shopper = await accountIn();
    for (let index = 0; index < 12; index++)
      await orderPlacedBy(shopper, { createdAt: new Date(Date.now() - (index + 1) * 60_000) });
    const cookie = await signedInAs(shopper);
    const first = await (await visit("/accounts/orders", { cookie })).text();
    const second = await (await visit("/accounts/orders?page=2", { cookie })).text();
    expect(listed(first)).toHaveLength(10);
    expect(listed(second)).toHaveLength(2);
    expect(new Set([...listed(first), ...listed(second)]).size).toBe(12);
    expect(first).toContain('href="/accounts/orders?page=2"');
    expect(text(first)).toContain(es.accountOrders.count_other.replace("{{count}}", "12"));
  });

  it("has an empty state for an account without orders", async () => {
    const html = await (await visit("/accounts/orders", { cookie: await signedInAs(await accountIn()) })).text();
    expect(html).toContain('data-testid="orders-empty"');
    expect(text(html)).toContain(es.accountOrders.empty.title);
    expect(listed(html)).toEqual([]);
  });
});

describe("buying an order again", () => {
  it("puts its lines into the cart and lands on /cart saying what was added", async () => {
    const shopper = await accountIn();
    const { publicId } = await orderPlacedBy(shopper);
    const cookie = await signedInAs(shopper);
    const response = await reorder(publicId, cookie);
    expect(response.status).toBe(303);
    expect(location(response)).toBe(`/cart?reorder=${publicId}&reorder_added=2`);
    const session = sessionCookieFrom(response) ?? cookie;
    const cart = await (await visit(location(response), { cookie: session })).text();
    expect(text(cart)).toContain(
      es.accountOrders.reorder.added_other.replace("{{count}}", "2").replace("{{publicId}}", publicId),
    );
    expect([...cart.matchAll(/data-testid="cart-line"/g)]).toHaveLength(2);
    expect(cart).toContain('href="/taza-personalizada"');
  });

  it("says which products are no longer sold", async () => {
    const shopper = await accountIn();
    const { publicId, id } = await orderPlacedBy(shopper);
    await testEnv.STORE_DB.prepare(
      `UPDATE order_lines SET options = '[{"id":99999,"group":"size","code":"9x9"}]' WHERE order_id = ? AND article_id = 201`,
    )
      .bind(id)
      .run();
    const cookie = await signedInAs(shopper);
    const response = await reorder(publicId, cookie);
    expect(location(response)).toBe(`/cart?reorder=${publicId}&reorder_added=1&reorder_skipped=201`);
    const cart = text(
      await (await visit(location(response), { cookie: sessionCookieFrom(response) ?? cookie })).text(),
    );
    expect(cart).toContain(
      es.accountOrders.reorder.added_one.replace("{{count}}", "1").replace("{{publicId}}", publicId),
    );
    expect(cart).toContain(es.accountOrders.reorder.skipped.replace("{{names}}", "Packs de fotos reveladas"));
  });

  it("never for another account's order, nor with a broken form; the cart page ignores a forged notice", async () => {
    const owner = await accountIn();
    const { publicId } = await orderPlacedBy(owner);
    const stranger = await signedInAs(await accountIn());
    const refused = await reorder(publicId, stranger);
    expect(refused.status).toBe(404);
    expect(text(await refused.text())).toContain(es.accountOrders.reorder.notFound);
    expect((await reorder("<script>", stranger)).status).toBe(400);
    expect((await reorder(publicId, stranger, { intent: "delete" })).status).toBe(400);
    const json = await visit("/accounts/orders", {
      cookie: stranger,
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(json.status).toBe(415);
    // Another site's attacker cannot post it.
    const crossSite = await visit("/accounts/orders", {
      cookie: stranger,
      method: "POST",
      body: new URLSearchParams({ intent: "reorder", public_id: publicId }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    // Someone else's order named in the URL says nothing of its lines.
    const forged = text(
      await (await visit(`/cart?reorder=${publicId}&reorder_added=1&reorder_skipped=201`, { cookie: stranger })).text(),
    );
    expect(forged).not.toContain("Packs de fotos reveladas");
  });

  it("is not offered to an account that may not make orders", async () => {
    const master = await masterIn();
    const staff = await staffOf(master, ["orders"]);
    await testEnv.STORE_DB.prepare("UPDATE accounts SET can_make_orders = 0 WHERE id = ?").bind(staff.id).run();
    const { publicId } = await orderPlacedBy(staff);
    const cookie = await signedInAs({ ...staff, canMakeOrders: false });
    const html = await (await visit("/accounts/orders", { cookie })).text();
    expect(listed(html)).toEqual([publicId]);
    expect(html).not.toContain('name="intent" value="reorder"');
    expect((await reorder(publicId, cookie)).status).toBe(403);
  });
});

describe("the tracking page from the orders list", () => {
  it("opens for the account and its group's master, and sends anyone else to the lookup", async () => {
    const master = await masterIn();
    const buyer = await staffOf(master, ["orders"]);
    const { publicId } = await orderPlacedBy(buyer);
    for (const account of [buyer, master]) {
      const response = await visit(`/tracking/${publicId}`, { cookie: await signedInAs(account) });
      expect(response.status, account.id).toBe(200);
      expect(await response.text()).toContain(publicId);
    }
    for (const account of [await accountIn(), await masterIn(), await staffOf(master, ["tickets"])]) {
      const response = await visit(`/tracking/${publicId}`, { cookie: await signedInAs(account) });
      expect(response.status).toBe(302);
      expect(location(response)).toBe(`/tracking?public_id=${publicId}`);
    }
    expect(location(await visit(`/tracking/${publicId}`))).toBe(`/tracking?public_id=${publicId}`);
    expect(
      errorMessage(await (await visit("/tracking/%3Cscript%3E", { cookie: await signedInAs(master) })).text()),
    ).toBe("Page Not Found");
  });
});

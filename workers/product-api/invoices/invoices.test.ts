import { describe, expect, it } from "vitest";
import { invoiceListSchema, invoiceNumberOf, invoiceSchema } from "@contract/api/invoices";
import { BRAND_SELLERS } from "@contract/brands/sellers";
import { invoiceTotals } from "@contract/pricing/totals";
import { invoicesOf, orderPlacedBy, payOnline, startPayment } from "@test-setup/account-orders";
import { productApi } from "@test-setup/product-api";
import { accountIn, masterIn, staffOf } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { outboxFor } from "@test-setup/orders";
import { invoiceStatements } from "./issue";

const year = () => new Date().getUTCFullYear();
type Who = { id: string; site?: string };

const readInvoice = (who: Who, number: string) =>
  productApi(`/invoices/${number}`, { query: { site: who.site ?? "WPX-ES", account_id: who.id } });
const listed = async (who: Who, query: Record<string, string> = {}) =>
  invoiceListSchema.parse(
    (await productApi("/invoices", { query: { site: who.site ?? "WPX-ES", account_id: who.id, ...query } })).body,
  );

/** Every number of the site's year is taken, from 1 to the counter's last, once. */
async function expectNoGaps(site: string) {
  const counter = await testEnv.STORE_DB.prepare("SELECT last FROM invoice_counters WHERE site = ? AND year = ?")
    .bind(site, year())
    .first<{ last: number }>();
  const sequences = await testEnv.STORE_DB.prepare(
    "SELECT sequence, number FROM invoices WHERE site = ? AND year = ? ORDER BY sequence",
  )
    .bind(site, year())
    .all<{ sequence: number; number: string }>();
  expect(sequences.results.map((row) => row.sequence)).toEqual(
    Array.from({ length: counter!.last }, (_, index) => index + 1),
  );
  for (const row of sequences.results) expect(row.number).toBe(invoiceNumberOf(site, year(), row.sequence));
}

describe("issuing invoices", () => {
  it("gives a paid order one invoice, numbered {SITE}-{YEAR}-{six digits}, for its account", async () => {
    const shopper = await accountIn();
    const order = await orderPlacedBy(shopper);
    expect(await invoicesOf(order.id)).toEqual([]);
    await payOnline(order.publicId);
    const [invoice, ...more] = await invoicesOf(order.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ site: "WPX-ES", year: year(), accountId: shopper.id });
    expect(invoice!.number).toBe(`WPX-ES-${year()}-${String(invoice!.sequence).padStart(6, "0")}`);
    await expectNoGaps("WPX-ES");
  });

  it("issues nothing again for a replayed event or a second successful payment of the same order", async () => {
    const shopper = await accountIn();
    const order = await orderPlacedBy(shopper);
    const first = await payOnline(order.publicId);
    const [issued] = await invoicesOf(order.id);
    const counter = () =>
      testEnv.STORE_DB.prepare("SELECT last FROM invoice_counters WHERE site = 'WPX-ES' AND year = ?")
        .bind(year())
        .first<{ last: number }>();
    const before = await counter();
    expect((await payOnline(order.publicId, { eventId: first.eventId, paymentId: first.paymentId })).replayed).toBe(
      true,
    );
    // The same event twice at once, and another event for the same attempt.
    await Promise.all([
      payOnline(order.publicId, { eventId: first.eventId, paymentId: first.paymentId }),
      payOnline(order.publicId, { paymentId: first.paymentId }),
    ]);
    expect(await invoicesOf(order.id)).toEqual([issued]);
    expect(await counter()).toEqual(before);
    await expectNoGaps("WPX-ES");
  });

  it("numbers two orders paid at the same moment one after the other, without a gap", async () => {
    const shopper = await accountIn("TZ-ES");
    const one = await orderPlacedBy(shopper, { site: "TZ-ES" });
    const two = await orderPlacedBy(shopper, { site: "TZ-ES" });
    const [payOne, payTwo] = await Promise.all([startPayment(one.publicId), startPayment(two.publicId)]);
    await Promise.all([
      payOnline(one.publicId, { paymentId: payOne }),
      payOnline(two.publicId, { paymentId: payTwo }),
      payOnline(two.publicId, { paymentId: payTwo }),
    ]);
    const issued = await invoicesOf(one.id, two.id);
    expect(issued).toHaveLength(2);
    expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(2);
    expect(issued.every((invoice) => invoice.number.startsWith(`TZ-ES-${year()}-`))).toBe(true);
    await expectNoGaps("TZ-ES");
  });

  it("numbers two orders marked paid in one batch consecutively", async () => {
    const one = await orderPlacedBy(null, { site: "WPX-DK" });
    const two = await orderPlacedBy(null, { site: "WPX-DK" });
    const db = testEnv.STORE_DB;
    const now = new Date().toISOString();
    await db.batch([
      db.prepare("UPDATE orders SET payment_status = 'PAID', paid_at = ? WHERE id IN (?, ?)").bind(now, one.id, two.id),
      ...invoiceStatements(db, one.id, now),
      ...invoiceStatements(db, two.id, now),
      // The same statements again in the same batch (a replay) change nothing.
      ...invoiceStatements(db, one.id, now),
    ]);
    const [first, second] = [(await invoicesOf(one.id))[0]!, (await invoicesOf(two.id))[0]!];
    expect(second.sequence).toBe(first.sequence + 1);
    expect(first.accountId).toBeNull();
    await expectNoGaps("WPX-DK");
  });

  it("never dates an invoice before the one numbered just before it: a back-dated payment recorded late is issued then", async () => {
    const db = testEnv.STORE_DB;
    const paidIn = async (site: string, at: string) => {
      const order = await orderPlacedBy(null, { site });
      await db.batch([
        db.prepare("UPDATE orders SET payment_status = 'PAID', paid_at = ? WHERE id = ?").bind(at, order.id),
        ...invoiceStatements(db, order.id, at),
      ]);
      return (await db
        .prepare("SELECT sequence, issued_at AS issuedAt FROM invoices WHERE order_id = ?")
        .bind(order.id)
        .first<{ sequence: number; issuedAt: string }>())!;
    };
    const later = new Date(Date.UTC(year(), 0, 20)).toISOString();
    const earlier = new Date(Date.UTC(year(), 0, 10)).toISOString();
    const first = await paidIn("WPX-FR", later);
    const second = await paidIn("WPX-FR", earlier);
    expect(second).toEqual({ sequence: first.sequence + 1, issuedAt: later });
    const third = await paidIn("WPX-FR", new Date(Date.UTC(year(), 0, 21)).toISOString());
    expect(third.issuedAt > later).toBe(true);
  });

  it("refuses, in the database, an invoice out of its series or its date order, and any renumbering or deletion", async () => {
    const db = testEnv.STORE_DB;
    const paid = await orderPlacedBy(null, { site: "WPX-IT" });
    await payOnline(paid.publicId);
    const [issued] = await db
      .prepare("SELECT sequence, issued_at AS issuedAt FROM invoices WHERE order_id = ?")
      .bind(paid.id)
      .all<{ sequence: number; issuedAt: string }>()
      .then((found) => found.results);
    const other = await orderPlacedBy(null, { site: "WPX-IT" });
    const insert = (sequence: number, issuedAt: string) =>
      db
        .prepare(
          "INSERT INTO invoices (site, year, sequence, number, order_id, account_id, issued_at) VALUES ('WPX-IT', ?, ?, ?, ?, NULL, ?)",
        )
        .bind(year(), sequence, invoiceNumberOf("WPX-IT", year(), sequence), other.id, issuedAt)
        .run();
    await expect(insert(issued!.sequence + 2, issued!.issuedAt)).rejects.toThrow(/sequence must follow/);
    await expect(insert(issued!.sequence, issued!.issuedAt)).rejects.toThrow();
    await expect(
      insert(issued!.sequence + 1, new Date(Date.parse(issued!.issuedAt) - 1000).toISOString()),
    ).rejects.toThrow(/issued before/);
    await expect(
      db.prepare("UPDATE invoices SET issued_at = ? WHERE order_id = ?").bind(new Date().toISOString(), paid.id).run(),
    ).rejects.toThrow(/never renumbered/);
    await expect(db.prepare("DELETE FROM invoices WHERE order_id = ?").bind(paid.id).run()).rejects.toThrow(
      /never deleted/,
    );
    await insert(issued!.sequence + 1, issued!.issuedAt);
    await db
      .prepare("UPDATE invoice_counters SET last = last + 1 WHERE site = 'WPX-IT' AND year = ?")
      .bind(year())
      .run();
    await expectNoGaps("WPX-IT");
  });

  it("numbers each site on its own, and issues nothing for an order that is not paid", async () => {
    const pending = await orderPlacedBy(null, { site: "WPX-CZ" });
    const db = testEnv.STORE_DB;
    await db.batch(invoiceStatements(db, pending.id, new Date().toISOString()));
    expect(await invoicesOf(pending.id)).toEqual([]);
    const paid = await orderPlacedBy(null, { site: "WPX-CZ" });
    await payOnline(paid.publicId);
    expect((await invoicesOf(paid.id))[0]!.number).toMatch(new RegExp(`^WPX-CZ-${year()}-\\d{6}$`));
    await expectNoGaps("WPX-CZ");
  });

  it("issues one when the operator records a bank transfer as received, with the confirmation e-mail, once", async () => {
    const email = `transfer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const shopper = await accountIn();
    const order = await orderPlacedBy(shopper, { paymentMethod: "BANK_TRANSFER", contact: { email } });
    await testEnv.STORE_DB.prepare("UPDATE orders SET email = ? WHERE id = ?").bind(email, order.id).run();
    const received = await productApi(`/operator/orders/${order.publicId}/paid`, { form: {} });
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ paymentStatus: "PAID", invoiceNumber: expect.stringMatching(/^WPX-ES-/) });
    const again = await productApi(`/operator/orders/${order.publicId}/paid`, { form: {} });
    expect(again.body.invoiceNumber).toBe(received.body.invoiceNumber);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect((await outboxFor(email)).filter((sent) => sent.kind === "order-confirmation")).toHaveLength(1);
    const card = await orderPlacedBy(shopper);
    expect((await productApi(`/operator/orders/${card.publicId}/paid`, { form: {} })).status).toBe(409);
    expect((await productApi("/operator/orders/ES-NOPE/paid", { form: {} })).status).toBe(404);
  });
});

describe("reading invoices", () => {
  it("shows the seller, the buyer (a company with its tax id), the lines and the totals with the VAT of the brand's country", async () => {
    const shopper = await accountIn();
    const order = await orderPlacedBy(shopper, {
      contact: { customerType: "COMPANY", companyName: "Fotos Lucía SL", taxId: "B87654323" },
    });
    await payOnline(order.publicId);
    const { number } = (await invoicesOf(order.id))[0]!;
    const answer = await readInvoice(shopper, number);
    expect(answer.status).toBe(200);
    const invoice = invoiceSchema.parse(answer.body);
    expect(invoice).toMatchObject({
      number,
      site: "WPX-ES",
      currency: "EUR",
      paymentMethod: "CARD",
      order: { publicId: order.publicId },
      seller: BRAND_SELLERS["WPX-ES"],
      buyer: {
        name: "Ana García",
        customerType: "COMPANY",
        companyName: "Fotos Lucía SL",
        taxId: "B87654323",
        street: "Calle Mayor 1",
        postcode: "28013",
        city: "Madrid",
        country: "ES",
      },
      lines: [
        {
          name: "Pack de fotos reveladas",
          options: [{ group: "size", code: "13x18" }],
          quantity: 2,
          unitPrice: 1895,
          total: 3790,
        },
        { name: "Taza personalizada", options: [], quantity: 1, unitPrice: 495, total: 495 },
      ],
      totals: { subtotal: 4285, shipping: 545, vatRate: 21, vat: 838, total: 4830 },
    });
    expect(invoice.amounts).toEqual(invoiceTotals(invoice.totals));
    expect(invoice.amounts).toEqual({ gross: 4830, vatRate: 21, vat: 838, net: 3992 });
    expect(invoice.order.paidAt).not.toBeNull();
  });

  it("a person's invoice names no company even if the order carried one", async () => {
    const shopper = await accountIn();
    const order = await orderPlacedBy(shopper, { contact: { companyName: "Left over" } });
    await payOnline(order.publicId);
    const { number } = (await invoicesOf(order.id))[0]!;
    expect(invoiceSchema.parse((await readInvoice(shopper, number)).body).buyer).toMatchObject({
      customerType: "PERSON",
      companyName: null,
      taxId: null,
    });
  });

  it("the authorisation matrix: own, the group's with the permission, and nobody else's (404, never revealed)", async () => {
    const ana = await accountIn();
    const ben = await accountIn();
    const master = await masterIn();
    const clerk = await staffOf(master, ["orders", "invoices"]);
    const buyer = await staffOf(master, ["orders"]);
    const otherMaster = await masterIn();
    const anas = await orderPlacedBy(ana);
    const buyers = await orderPlacedBy(buyer);
    await payOnline(anas.publicId);
    await payOnline(buyers.publicId);
    const [anaNumber, buyerNumber] = [(await invoicesOf(anas.id))[0]!.number, (await invoicesOf(buyers.id))[0]!.number];

    expect((await readInvoice(ana, anaNumber)).status).toBe(200);
    expect((await readInvoice(master, buyerNumber)).status).toBe(200);
    expect((await readInvoice(clerk, buyerNumber)).status).toBe(200);
    const refusals: [Who, string][] = [
      [ben, anaNumber],
      [master, anaNumber],
      [buyer, buyerNumber],
      [otherMaster, buyerNumber],
      [ana, buyerNumber],
    ];
    for (const [who, number] of refusals) {
      const refused = await readInvoice(who, number);
      expect([refused.status, refused.body.error?.code], `${who.id} ${number}`).toEqual([404, 5004]);
    }
    // Ana has no account on another site: she is nobody there.
    expect((await readInvoice({ id: ana.id, site: "WPX-PL" }, anaNumber)).body.error?.code).toBe(4030);
    expect((await readInvoice(ana, `WPX-ES-${year()}-999999`)).status).toBe(404);

    expect((await listed(ana)).items.map((invoice) => invoice.number)).toEqual([anaNumber]);
    expect((await listed(ben)).items).toEqual([]);
    expect((await listed(master)).items.map((invoice) => invoice.number)).toEqual([buyerNumber]);
    expect((await listed(clerk)).items.map((invoice) => invoice.number)).toEqual([buyerNumber]);
    expect((await listed(buyer)).items).toEqual([]);
    expect((await listed(otherMaster)).items).toEqual([]);
    expect((await listed(master)).items[0]).toMatchObject({
      orderPublicId: buyers.publicId,
      total: 4830,
      currency: "EUR",
    });
  });

  it("refuses hostile input with 400, never 500", async () => {
    const ana = await accountIn();
    for (const number of [
      "WPX-ES-2026-42",
      "wpx-es-2026-000042",
      "WPX-ES-2026-0000042",
      "%27%20OR%201%3D1",
      "x".repeat(300),
    ]) {
      expect((await readInvoice(ana, number)).status, number).toBe(400);
    }
    const hostile: Record<string, string>[] = [
      { page: "0" },
      { page: "x" },
      { account_id: "" },
      { account_id: "x".repeat(65) },
    ];
    for (const query of hostile) {
      expect((await productApi("/invoices", { query: { site: "WPX-ES", account_id: ana.id, ...query } })).status).toBe(
        400,
      );
    }
  });
});

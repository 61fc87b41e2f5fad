import { describe, expect, it } from "vitest";
import { brandBySlug } from "@contract/brands/brands";
import { shippingOptions } from "@contract/shipping/options";
import { cartSchema } from "@contract/api/cart";
import { orderSchema } from "@contract/api/orders";
import { isApiError } from "~/lib/product-api/product-api-error";
import { sessionCookie, testEnv, visit } from "../setup/app";
import { productApiAs } from "../setup/checkout";
import { ES_CHECKOUT, location, ordersOfCart, outboxFor, shopperWithCheckout } from "../setup/orders";
import { submitPaymentStep } from "../setup/place-order";

const SITE_URL = "http://wpx-es.localhost";
const place = (shopper: { api: ReturnType<typeof productApiAs>; cartId: string }) =>
  shopper.api.post("/orders", { cart_id: shopper.cartId, locale: "es", site_url: SITE_URL }, orderSchema);

describe("placing an order", () => {
  it("ten concurrent submits of the payment step make exactly one order and one payment attempt", async () => {
    const shopper = await shopperWithCheckout();
    const responses = await Promise.all(Array.from({ length: 10 }, () => submitPaymentStep(shopper.cookie)));
    const targets = new Set(responses.map(location));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(303));
    expect(targets.size).toBe(1);
    expect([...targets][0]).toMatch(/^\/sandbox-payment\/pay_[0-9a-f]{32}$/);
    const orders = await ordersOfCart(shopper.cartId);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.publicId).toMatch(/^ES-[2-9A-HJ-NP-Z]{8}$/);
    const attempts = await testEnv.STORE_DB.prepare(
      "SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.cart_id = ?",
    )
      .bind(shopper.cartId)
      .first<{ n: number }>();
    expect(attempts!.n).toBe(1);
    // The session now knows the order (and only that one).
    const stored = (await testEnv.SESSIONS.get(`session:${shopper.id}`, "json")) as { orderIds: string[] };
    expect(stored.orderIds).toEqual([orders[0]!.publicId]);
  });

  it("ten concurrent POST /orders to the product API answer the same order, with its lines and first event once", async () => {
    const shopper = await shopperWithCheckout();
    const orders = await Promise.all(Array.from({ length: 10 }, () => place(shopper)));
    expect(new Set(orders.map((order) => order.publicId)).size).toBe(1);
    expect(await ordersOfCart(shopper.cartId)).toHaveLength(1);
    const order = orders[0]!;
    expect(order.lines.map((line) => [line.articleId, line.quantity])).toEqual([
      [201, 2],
      [203, 1],
    ]);
    expect(order.events).toEqual([expect.objectContaining({ statusCode: 0 })]);
    expect(order).toMatchObject({
      statusCode: 0,
      paymentStatus: "PENDING",
      paymentType: "ONLINE_PREPAID",
      paymentMethod: "CARD",
      email: "lucia@example.com",
    });
  });

  it("totals the cart's subtotal, the chosen carrier's price and the VAT of Spain included", async () => {
    const shopper = await shopperWithCheckout();
    const order = await place(shopper);
    const brand = brandBySlug("WPX-ES")!;
    const correos = shippingOptions(brand, shopper.cart.totals.subtotal, new Date()).find(
      (option) => option.deliveryType === "ADDRESS" && option.carrier === "CORREOS",
    )!;
    expect(order.totals.subtotal).toBe(shopper.cart.totals.subtotal);
    expect(order.totals.shipping).toBe(correos.price);
    expect(order.totals.total).toBe(shopper.cart.totals.subtotal + correos.price);
    expect(order.totals.vatRate).toBe(21);
    expect(order.totals.vat).toBe(Math.round((order.totals.total * 21) / 121));
    expect(order.shipment).toMatchObject({ carrier: "CORREOS", earliest: correos.earliest, latest: correos.latest });
  });

  it("refuses an incomplete or no longer valid checkout, naming the step to go back to", async () => {
    const missingAddress = await shopperWithCheckout({ ...ES_CHECKOUT, address: undefined });
    await expect(place(missingAddress)).rejects.toSatisfy((error) => isApiError(error, 4222));
    expect(await ordersOfCart(missingAddress.cartId)).toHaveLength(0);
    const response = await submitPaymentStep(missingAddress.cookie);
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/checkout?step=2");

    const badPostcode = await shopperWithCheckout({
      ...ES_CHECKOUT,
      address: { ...ES_CHECKOUT.address, postcode: "99999" },
    });
    expect(location(await submitPaymentStep(badPostcode.cookie))).toBe("/checkout?step=2");
    // BLIK is a Polish method: WPX-ES does not offer it.
    const foreignMethod = await shopperWithCheckout({ ...ES_CHECKOUT, payment: { method: "BLIK" } });
    expect(location(await submitPaymentStep(foreignMethod.cookie))).toBe("/checkout?step=4");
    const noContact = await shopperWithCheckout({
      ...ES_CHECKOUT,
      contact: { ...ES_CHECKOUT.contact, email: "not-an-email" },
    });
    expect(location(await submitPaymentStep(noContact.cookie))).toBe("/checkout?step=1");
    expect(await ordersOfCart(noContact.cartId)).toHaveLength(0);
  });

  it("cancels the older unpaid order when the shopper comes back with a changed cart", async () => {
    const shopper = await shopperWithCheckout();
    const first = await place(shopper);
    const changed = await shopper.api.post(
      `/carts/${shopper.cartId}/lines`,
      { locale: "es", article_id: 203, quantity: 1 },
      cartSchema,
    );
    const second = await place(shopper);
    expect(second.publicId).not.toBe(first.publicId);
    expect(second.lines.find((line) => line.articleId === 203)!.quantity).toBe(2);
    expect(await ordersOfCart(shopper.cartId)).toEqual([
      { publicId: first.publicId, statusCode: 10, paymentStatus: "CANCELED" },
      { publicId: second.publicId, statusCode: 0, paymentStatus: "PENDING" },
    ]);
    // Back to the first content: a fresh order, never the cancelled one.
    const mug = changed.lines.find((line) => line.articleId === 203)!;
    await shopper.api.post(`/carts/${shopper.cartId}/lines/${mug.id}`, { locale: "es", quantity: 1 }, cartSchema);
    const third = await place(shopper);
    expect([first.publicId, second.publicId]).not.toContain(third.publicId);
    expect((await ordersOfCart(shopper.cartId)).map((order) => order.paymentStatus)).toEqual([
      "CANCELED",
      "CANCELED",
      "PENDING",
    ]);
  });

  it("keeps an order to its own session", async () => {
    const shopper = await shopperWithCheckout();
    const order = await place(shopper);
    expect(
      await productApiAs("WPX-ES", shopper.extSessionId, "es").find(`/orders/${order.publicId}`, {}, orderSchema),
    ).toMatchObject({ publicId: order.publicId });
    expect(
      await productApiAs("WPX-ES", crypto.randomUUID(), "es").find(`/orders/${order.publicId}`, {}, orderSchema),
    ).toBeNull();
  });
});

describe("offline payments", () => {
  it("a bank transfer skips the provider: the order stays pending and the e-mail says how to pay", async () => {
    const shopper = await shopperWithCheckout({
      ...ES_CHECKOUT,
      contact: { ...ES_CHECKOUT.contact, email: "transfer@example.com" },
      payment: { method: "BANK_TRANSFER" },
    });
    const response = await submitPaymentStep(shopper.cookie);
    expect(response.status).toBe(303);
    const [order] = await ordersOfCart(shopper.cartId);
    expect(location(response)).toBe(`/order-completed?order=${order!.publicId}`);
    expect(order!.paymentStatus).toBe("PENDING");
    // A second submit sends no second e-mail.
    await submitPaymentStep(shopper.cookie);
    const mails = await outboxFor("transfer@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Pedido ${order!.publicId} recibido: cómo pagar`);
    expect(mails[0]!.body).toContain("ES9121000418450200051332");
    expect(mails[0]!.body).toContain(`referencia ${order!.publicId}`);
    expect(mails[0]!.body).toContain(`http://wpx-es.localhost/tracking/${order!.publicId}`);

    const page = await visit(`/order-completed?order=${order!.publicId}`, { cookie: shopper.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Cómo pagar tu pedido");
    expect(html).toContain("ES91 2100 0418 4502 0005 1332");
    // The line's options read in the e-mail as the page shows them (translated), never as their codes.
    const options = /2 × Pack de fotos reveladas \(([^)]+)\)/.exec(mails[0]!.body)?.[1];
    expect(options).toBeDefined();
    expect(options).not.toMatch(/\b(gloss|matte|lustre|standard|premium)\b|\d+x\d+/);
    expect(html).toContain(`<p class="text-sm text-muted" data-testid="line-details">${options}</p>`);
  });
});

describe("the order-completed page", () => {
  it("shows the summary, totals with VAT, delivery, the tracking link, the help topics and the analytics lines", async () => {
    const shopper = await shopperWithCheckout();
    await submitPaymentStep(shopper.cookie);
    const [row] = await ordersOfCart(shopper.cartId);
    const response = await visit(`/order-completed?order=${row!.publicId}`, { cookie: shopper.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain(row!.publicId);
    expect(html).toContain("Pack de fotos reveladas");
    expect(html).toContain("IVA incluido");
    expect(html).toContain("Calle Mayor 12");
    expect(html).toContain("Transportista: Correos");
    expect(html).toContain(`href="/tracking/${row!.publicId}"`);
    const titles = await testEnv.STORE_DB.prepare(
      "SELECT topic_id AS id, slug, title FROM help_topic_texts WHERE locale = 'es' AND topic_id IN (17, 21, 31, 29)",
    ).all<{ id: number; slug: string; title: string }>();
    expect(titles.results).toHaveLength(4);
    for (const topic of titles.results) expect(html).toContain(`href="/help-center/topic/${topic.slug}_${topic.id}"`);
    const analytics = JSON.parse(
      html.match(/<script type="application\/json" id="analytics-cart-lines">(.*?)<\/script>/)![1]!,
    );
    expect(analytics[0]).toMatchObject({
      cart_id: shopper.cartId,
      article_id: 201,
      article_name: "Pack de fotos reveladas",
      quantity: 2,
      promotion_code: null,
    });
    expect(Object.keys(analytics[0]).sort()).toEqual([
      "article_id",
      "article_name",
      "article_name_plural",
      "cart_id",
      "promotion_code",
      "pvp",
      "quantity",
      "url_preview",
    ]);
  });

  it("sends another session, or an unknown order, to the tracking page", async () => {
    const shopper = await shopperWithCheckout();
    await submitPaymentStep(shopper.cookie);
    const [row] = await ordersOfCart(shopper.cartId);
    const stranger = await sessionCookie();
    const other = await visit(`/order-completed?order=${row!.publicId}`, { cookie: stranger.cookie });
    expect(other.status).toBe(302);
    expect(location(other)).toBe("/tracking");
    // Even with the id planted in its session, another product-API session cannot read the order.
    const planted = await sessionCookie({ orderIds: [row!.publicId] });
    expect(location(await visit(`/order-completed?order=${row!.publicId}`, { cookie: planted.cookie }))).toBe(
      "/tracking",
    );
    expect(location(await visit("/order-completed?order=ES-NOTHERE", { cookie: shopper.cookie }))).toBe("/tracking");
  });
});

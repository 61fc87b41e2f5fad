import { describe, expect, it } from "vitest";
import { cartSchema } from "@contract/api/cart";
import { orderSchema, paymentSchema } from "@contract/api/orders";
import { isApiError } from "~/lib/product-api/product-api-error";
import { sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { location, ordersOfCart, outboxFor, sendWebhook, shopperWithCheckout } from "../setup/orders";
import { submitPaymentStep } from "../setup/place-order";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

async function shopperAtProvider(email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.com`) {
  const shopper = await shopperWithCheckout({
    contact: { email, customerType: "PERSON", firstName: "Lucía", lastName: "Pérez", phone: "+34 600 123 456" },
    address: { street: "Calle Mayor 12", postcode: "28013", city: "Madrid", country: "ES" },
    shipment: { deliveryType: "ADDRESS", carrier: "CORREOS", pickupPointId: null },
    payment: { method: "CARD" },
  });
  const response = await submitPaymentStep(shopper.cookie);
  const page = location(response);
  const paymentId = page.split("/").at(-1)!;
  const [order] = await ordersOfCart(shopper.cartId);
  return { ...shopper, email, page, paymentId, publicId: order!.publicId };
}

const cartClosedAt = async (cartId: string) =>
  (await testEnv.STORE_DB.prepare("SELECT closed_at AS closedAt FROM carts WHERE id = ?")
    .bind(cartId)
    .first<{ closedAt: string | null }>())!.closedAt;
const storedSession = async (id: string) =>
  (await testEnv.SESSIONS.get(`session:${id}`, "json")) as { cartId: string | null; orderIds: string[] };

describe("the sandbox payment page", () => {
  it("shows the merchant, amount, reference and method, marked as a sandbox; paying leads to the completed order", async () => {
    const shopper = await shopperAtProvider();
    const page = await visit(shopper.page, { cookie: shopper.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("no se cobra dinero real");
    expect(html).toContain("WPX España");
    expect(html).toContain(shopper.publicId);
    expect(html).toContain("Tarjeta (Visa / Mastercard)");
    const { total } = (await shopper.api.get(`/orders/${shopper.publicId}`, {}, orderSchema)).totals;
    expect(html).toContain(
      new Intl.NumberFormat("es-ES", {
        style: "currency",
        currency: "EUR",
        minimumFractionDigits: total % 100 ? 2 : 0,
      }).format(total / 100),
    );

    const paid = await visit(shopper.page, { cookie: shopper.cookie, ...form({ intent: "pay" }) });
    expect(paid.status).toBe(303);
    expect(location(paid)).toBe(`/checkout/payment-return?payment=${shopper.paymentId}`);
    const back = await visit(location(paid), { cookie: shopper.cookie });
    expect(back.status).toBe(303);
    expect(location(back)).toBe(`/order-completed?order=${shopper.publicId}`);
    expect(sessionCookieFrom(back)).not.toBeNull();
    expect((await storedSession(shopper.id)).cartId).toBeNull();
    expect(await ordersOfCart(shopper.cartId)).toEqual([
      { publicId: shopper.publicId, statusCode: 0, paymentStatus: "PAID" },
    ]);
    expect(await cartClosedAt(shopper.cartId)).not.toBeNull();
    const completed = await visit(location(back), { cookie: shopper.cookie });
    expect(await completed.text()).toContain("Pago recibido");
  });

  it("answers 404 for an unknown payment and for another session's payment", async () => {
    const shopper = await shopperAtProvider();
    expect((await visit("/sandbox-payment/pay_unknown", { cookie: shopper.cookie })).status).toBe(404);
    const stranger = await sessionCookie();
    expect((await visit(shopper.page, { cookie: stranger.cookie })).status).toBe(404);
    expect((await visit(shopper.page, { cookie: stranger.cookie, ...form({ intent: "pay" }) })).status).toBe(404);
    expect((await ordersOfCart(shopper.cartId))[0]!.paymentStatus).toBe("PENDING");
  });
});

describe("the payment webhook", () => {
  it("with a valid signature marks the order paid, closes the cart and sends the confirmation e-mail once", async () => {
    const shopper = await shopperAtProvider();
    const { response, eventId } = await sendWebhook(shopper.paymentId, "payment.succeeded");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, replayed: false });
    expect((await ordersOfCart(shopper.cartId))[0]!.paymentStatus).toBe("PAID");
    expect(await cartClosedAt(shopper.cartId)).not.toBeNull();
    const mails = await outboxFor(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Pedido ${shopper.publicId} confirmado`);
    expect(mails[0]!.body).toContain("Hemos recibido el pago");
    expect(mails[0]!.body).toContain("2 × Pack de fotos reveladas");
    expect(mails[0]!.body).toContain(`http://wpx-es.localhost/tracking/${shopper.publicId}`);

    // The provider delivers the same event again: acknowledged, nothing changes, no second e-mail.
    const replay = await sendWebhook(shopper.paymentId, "payment.succeeded", { eventId });
    expect(replay.response.status).toBe(200);
    expect(await replay.response.json()).toEqual({ received: true, replayed: true });
    expect(await outboxFor(shopper.email)).toHaveLength(1);
    // A late failure for a paid attempt changes nothing either.
    await sendWebhook(shopper.paymentId, "payment.failed");
    expect((await ordersOfCart(shopper.cartId))[0]!.paymentStatus).toBe("PAID");
    // And a paid order takes no new attempt.
    await expect(
      shopper.api.post("/payments", { order: shopper.publicId, method: "CARD", provider: "sandbox" }, paymentSchema),
    ).rejects.toSatisfy((error) => isApiError(error, 4092));
  });

  it("refuses a bad signature and a stale timestamp with 400 and a log entry, changing nothing", async () => {
    const shopper = await shopperAtProvider();
    const forged = await sendWebhook(shopper.paymentId, "payment.succeeded", {
      secret: "someone-else-s-secret-of-32-characters!!",
    });
    expect(forged.response.status).toBe(400);
    expect(await forged.response.json()).toEqual({ error: { code: "badSignature", message: "bad-signature" } });
    const stale = await sendWebhook(shopper.paymentId, "payment.succeeded", {
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect(stale.response.status).toBe(400);
    expect(await stale.response.json()).toEqual({ error: { code: "badSignature", message: "stale-timestamp" } });
    const unsigned = await visit("/api/payments/webhook", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", origin: "" },
    });
    expect(unsigned.status).toBe(400);
    expect((await ordersOfCart(shopper.cartId))[0]!.paymentStatus).toBe("PENDING");
    expect(await outboxFor(shopper.email)).toHaveLength(0);
    const logs = await testEnv.ANALYTICS_DB.prepare(
      "SELECT message FROM log_entries WHERE message LIKE 'Payment webhook refused:%'",
    ).all<{ message: string }>();
    expect(logs.results.map((row) => row.message)).toEqual(
      expect.arrayContaining(["Payment webhook refused: bad-signature", "Payment webhook refused: stale-timestamp"]),
    );
  });
});

describe("a failed payment", () => {
  it("goes back to step 4 with the cart intact; paying again then succeeds", async () => {
    const shopper = await shopperAtProvider();
    const declined = await visit(shopper.page, { cookie: shopper.cookie, ...form({ intent: "decline" }) });
    const back = await visit(location(declined), { cookie: shopper.cookie });
    expect(back.status).toBe(303);
    expect(location(back)).toBe("/checkout?step=4&payment=failed");
    expect((await storedSession(shopper.id)).cartId).toBe(shopper.cartId);
    expect(await cartClosedAt(shopper.cartId)).toBeNull();
    const cart = await shopper.api.get(`/carts/${shopper.cartId}`, { locale: "es" }, cartSchema);
    expect(cart.lines.map((line) => [line.articleId, line.quantity])).toEqual([
      [201, 2],
      [203, 1],
    ]);
    expect((await ordersOfCart(shopper.cartId))[0]!.paymentStatus).toBe("PENDING");

    // Step 4 again: the same order, a new attempt.
    const again = await submitPaymentStep(shopper.cookie);
    const retryPage = location(again);
    expect(retryPage).not.toBe(shopper.page);
    expect(await ordersOfCart(shopper.cartId)).toHaveLength(1);
    const paid = await visit(retryPage, { cookie: shopper.cookie, ...form({ intent: "pay" }) });
    expect(location(await visit(location(paid), { cookie: shopper.cookie }))).toBe(
      `/order-completed?order=${shopper.publicId}`,
    );
    expect(await ordersOfCart(shopper.cartId)).toEqual([
      { publicId: shopper.publicId, statusCode: 0, paymentStatus: "PAID" },
    ]);
  });

  it("a cancelled payment goes back to step 4 too", async () => {
    const shopper = await shopperAtProvider();
    const canceled = await visit(shopper.page, { cookie: shopper.cookie, ...form({ intent: "cancel" }) });
    expect(location(await visit(location(canceled), { cookie: shopper.cookie }))).toBe(
      "/checkout?step=4&payment=canceled",
    );
  });
});

describe("the payment return page", () => {
  it("waits, refreshing itself, while the provider has not answered", async () => {
    const shopper = await shopperAtProvider();
    const waiting = await visit(`/checkout/payment-return?payment=${shopper.paymentId}`, { cookie: shopper.cookie });
    expect(waiting.status).toBe(200);
    const html = await waiting.text();
    expect(html).toContain("Estamos confirmando tu pago");
    expect(html).toMatch(/<meta http-equiv="refresh" content="3"/);
  });

  it("does not exist for someone else's payment", async () => {
    const shopper = await shopperAtProvider();
    const stranger = await sessionCookie();
    expect(
      (await visit(`/checkout/payment-return?payment=${shopper.paymentId}`, { cookie: stranger.cookie })).status,
    ).toBe(404);
    await sendWebhook(shopper.paymentId, "payment.succeeded");
    const response = await visit(`/checkout/payment-return?payment=${shopper.paymentId}`, { cookie: stranger.cookie });
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
  });
});

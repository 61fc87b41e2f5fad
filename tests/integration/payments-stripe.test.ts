import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { paymentSchema } from "@contract/api/orders";
import { BRANDS } from "@contract/brands/brands";
import { paymentTypeOf } from "@contract/brands/payment-kinds";
import { parseConfig } from "~/lib/request/context/config.server";
import { STRIPE_METHODS } from "@contract/payments/stripe";
import { testEnv, visit } from "../setup/app";
import { location, ordersOfCart, outboxFor, shopperWithCheckout } from "../setup/orders";
import { stripeConfig, submitPaymentStep } from "../setup/place-order";

const standIn = (path: string, init: RequestInit = {}) =>
  fetch(`${testEnv.STRIPE_STANDIN_URL}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${testEnv.STRIPE_STANDIN_SECRET_KEY}`, ...init.headers },
  });

type StripeEvent = { id: string; type: string; data: { object: { id: string; metadata: Record<string, string> } } };

/** The stand-in's events about one Checkout Session, newest first, as Stripe's GET /v1/events lists them. */
async function eventsOf(sessionId: string, type?: string) {
  const list = (await (await standIn(`/v1/events${type ? `?type=${type}` : ""}`)).json()) as { data: StripeEvent[] };
  return list.data.filter((event) => event.data.object.id === sessionId);
}

/**
 * Delivers an event to the Stripe-configured storefront, signed with Stripe's own test helper (or as the test says).
 */
async function deliver(
  event: unknown,
  options: { payload?: string; secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const signature =
    options.signature === undefined
      ? await Stripe.webhooks.generateTestHeaderStringAsync({
          payload,
          secret: options.secret ?? testEnv.STRIPE_STANDIN_WEBHOOK_SECRET,
          timestamp: options.timestamp,
          cryptoProvider: Stripe.createSubtleCryptoProvider(),
        })
      : options.signature;
  const headers: Record<string, string> = { "content-type": "application/json", origin: "" };
  if (signature !== null) headers["stripe-signature"] = signature;
  return visit("/api/payments/webhook", {
    worker: testEnv.STOREFRONT_STRIPE,
    method: "POST",
    body: options.payload ?? payload,
    headers,
  });
}

/** A shopper whose step 4 sent them to Stripe's hosted page (its stand-in) to pay by card. */
async function shopperAtStripe(method = "CARD") {
  const email = `stripe-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const shopper = await shopperWithCheckout({
    contact: { email, customerType: "PERSON", firstName: "Lucía", lastName: "Pérez", phone: "+34 600 123 456" },
    address: { street: "Calle Mayor 12", postcode: "28013", city: "Madrid", country: "ES" },
    shipment: { deliveryType: "ADDRESS", carrier: "CORREOS", pickupPointId: null },
    payment: { method },
  });
  const response = await submitPaymentStep(shopper.cookie, "/checkout?step=4", "WPX-ES", stripeConfig);
  expect(response.status).toBe(303);
  const page = response.headers.get("location")!;
  const [order] = await ordersOfCart(shopper.cartId);
  const attempt = await testEnv.STORE_DB.prepare(
    "SELECT id, provider_reference AS reference, amount FROM payments WHERE order_id = (SELECT id FROM orders WHERE public_id = ?)",
  )
    .bind(order!.publicId)
    .first<{ id: string; reference: string; amount: number }>();
  return {
    ...shopper,
    email,
    page,
    publicId: order!.publicId,
    paymentId: attempt!.id,
    sessionId: attempt!.reference,
    amount: attempt!.amount,
  };
}

const pay = (sessionId: string, action = "pay") =>
  fetch(`${testEnv.STRIPE_STANDIN_URL}/c/pay/${sessionId}`, {
    method: "POST",
    body: new URLSearchParams({ action }),
    redirect: "manual",
  });

describe("Stripe: the hosted page", () => {
  it("sends the shopper to a Checkout Session for the order's amount and method, in their language, once per attempt", async () => {
    const shopper = await shopperAtStripe("BIZUM");
    expect(shopper.page).toBe(`${testEnv.STRIPE_STANDIN_URL}/c/pay/${shopper.sessionId}`);
    const session = (await (await standIn(`/v1/checkout/sessions/${shopper.sessionId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      amount_total: shopper.amount,
      currency: "eur",
      locale: "es",
      allowed_payment_method_types: ["bizum"],
      client_reference_id: shopper.paymentId,
      metadata: {
        payment_id: shopper.paymentId,
        order: shopper.publicId,
        site: "WPX-ES",
        site_url: "http://wpx-es.localhost",
      },
      success_url: `http://wpx-es.localhost/checkout/payment-return?payment=${shopper.paymentId}`,
      cancel_url: `http://wpx-es.localhost/checkout/payment-return?payment=${shopper.paymentId}&canceled=1`,
    });
    const page = await (await fetch(shopper.page)).text();
    expect(page).toContain(`WPX España · ${shopper.publicId}`);

    // Submitting step 4 again (a double click, a second tab) leads to the same session, not a second one.
    const again = await submitPaymentStep(shopper.cookie, "/checkout?step=4", "WPX-ES", stripeConfig);
    expect(again.headers.get("location")).toBe(shopper.page);
    const attempts = await testEnv.STORE_DB.prepare(
      "SELECT COUNT(*) AS n FROM payments WHERE provider_reference IS NOT NULL AND order_id = (SELECT id FROM orders WHERE public_id = ?)",
    )
      .bind(shopper.publicId)
      .first<{ n: number }>();
    expect(attempts!.n).toBe(1);
  });

  it("back from a paid session before the webhook: the order is paid at once, and the webhook after it changes nothing", async () => {
    const shopper = await shopperAtStripe();
    const paid = await pay(shopper.sessionId);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(
      `http://wpx-es.localhost/checkout/payment-return?payment=${shopper.paymentId}`,
    );

    const back = await visit(`/checkout/payment-return?payment=${shopper.paymentId}`, {
      worker: testEnv.STOREFRONT_STRIPE,
      cookie: shopper.cookie,
    });
    expect(back.status).toBe(303);
    expect(location(back)).toBe(`/order-completed?order=${shopper.publicId}`);
    expect(await ordersOfCart(shopper.cartId)).toEqual([
      { publicId: shopper.publicId, statusCode: 0, paymentStatus: "PAID" },
    ]);

    const [completed] = await eventsOf(shopper.sessionId, "checkout.session.completed");
    const late = await deliver(completed);
    expect(late.status).toBe(200);
    expect(await outboxFor(shopper.email)).toHaveLength(1);
    expect(await ordersOfCart(shopper.cartId)).toHaveLength(1);
  });

  it("back without paying: the session is expired at Stripe, the attempt cancelled, step 4 offered again", async () => {
    const shopper = await shopperAtStripe();
    const declined = await pay(shopper.sessionId, "decline");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");

    const back = await visit(`/checkout/payment-return?payment=${shopper.paymentId}&canceled=1`, {
      worker: testEnv.STOREFRONT_STRIPE,
      cookie: shopper.cookie,
    });
    expect(back.status).toBe(303);
    expect(location(back)).toBe("/checkout?step=4&payment=canceled");
    const session = (await (await standIn(`/v1/checkout/sessions/${shopper.sessionId}`)).json()) as { status: string };
    expect(session.status).toBe("expired");
    const attempt = await testEnv.STORE_DB.prepare("SELECT status FROM payments WHERE id = ?")
      .bind(shopper.paymentId)
      .first<{ status: string }>();
    expect(attempt!.status).toBe("CANCELED");
    expect((await ordersOfCart(shopper.cartId))[0]!.paymentStatus).toBe("PENDING");
    // Stripe's own expired event, delivered afterwards, changes nothing; the hosted page no longer takes money.
    const [expired] = await eventsOf(shopper.sessionId, "checkout.session.expired");
    expect((await deliver(expired)).status).toBe(200);
    expect((await pay(shopper.sessionId)).status).toBe(200);
    expect((await ordersOfCart(shopper.cartId))[0]!.paymentStatus).toBe("PENDING");

    // Paying again makes a new attempt and a new session.
    const retry = await submitPaymentStep(shopper.cookie, "/checkout?step=4", "WPX-ES", stripeConfig);
    expect(retry.headers.get("location")).not.toBe(shopper.page);
    expect(retry.headers.get("location")).toMatch(new RegExp(`^${testEnv.STRIPE_STANDIN_URL}/c/pay/cs_test_`));
  });
});

describe("Stripe: the webhook", () => {
  it("places exactly one paid order per payment: the event, its replay and a duplicate success change it once", async () => {
    const shopper = await shopperAtStripe();
    await pay(shopper.sessionId);
    const [completed] = await eventsOf(shopper.sessionId, "checkout.session.completed");
    expect(completed).toBeDefined();

    const first = await deliver(completed);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, replayed: false });
    expect(await ordersOfCart(shopper.cartId)).toEqual([
      { publicId: shopper.publicId, statusCode: 0, paymentStatus: "PAID" },
    ]);
    const mails = await outboxFor(shopper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`http://wpx-es.localhost/tracking/${shopper.publicId}`);

    // Stripe delivers at least once: the same event again is acknowledged and changes nothing.
    const replay = await deliver(completed);
    expect(await replay.json()).toEqual({ received: true, replayed: true });
    // A second success for the same session under another event id (an async success after it) changes nothing either.
    const duplicate = await deliver({
      ...completed!,
      id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      type: "checkout.session.async_payment_succeeded",
    });
    expect(duplicate.status).toBe(200);
    expect(await outboxFor(shopper.email)).toHaveLength(1);
    expect(await ordersOfCart(shopper.cartId)).toHaveLength(1);
    const invoices = await testEnv.STORE_DB.prepare(
      "SELECT COUNT(*) AS n FROM invoices WHERE order_id = (SELECT id FROM orders WHERE public_id = ?)",
    )
      .bind(shopper.publicId)
      .first<{ n: number }>();
    expect(invoices!.n).toBe(1);
    // And the paid order takes no new attempt.
    await expect(
      shopper.api.post("/payments", { order: shopper.publicId, method: "CARD", provider: "stripe" }, paymentSchema),
    ).rejects.toThrow();
  });

  it("refuses a tampered, a replayed-late, a foreign-signed or an unsigned event with 400, changing nothing", async () => {
    const shopper = await shopperAtStripe();
    await pay(shopper.sessionId);
    const [completed] = await eventsOf(shopper.sessionId, "checkout.session.completed");
    const signed = JSON.stringify(completed, null, 2);
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload: signed,
      secret: testEnv.STRIPE_STANDIN_WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });

    const refusals = {
      // The signed event with its session pointed at another attempt.
      tampered: await deliver(completed, {
        signature,
        payload: signed.replace(shopper.paymentId, "pay_00000000000000000000000000000000"),
      }),
      // Captured and sent again six minutes later.
      stale: await deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }),
      foreign: await deliver(completed, { secret: "whsec_someoneelsessecretsomeoneelsessecret" }),
      unsigned: await deliver(completed, { signature: null }),
      malformed: await deliver(completed, { signature: "v1=deadbeef" }),
    };
    expect(
      Object.fromEntries(
        await Promise.all(
          Object.entries(refusals).map(async ([name, response]) => [name, [response.status, await response.json()]]),
        ),
      ),
    ).toEqual({
      tampered: [400, { error: { code: "badSignature", message: "bad-signature" } }],
      stale: [400, { error: { code: "badSignature", message: "stale-timestamp" } }],
      foreign: [400, { error: { code: "badSignature", message: "bad-signature" } }],
      unsigned: [400, { error: { code: "badSignature", message: "missing-signature" } }],
      malformed: [400, { error: { code: "badSignature", message: "malformed-signature" } }],
    });
    expect((await ordersOfCart(shopper.cartId))[0]!.paymentStatus).toBe("PENDING");
    expect(await outboxFor(shopper.email)).toHaveLength(0);
  });

  it("acknowledges genuine events that are not the store's attempts, and a broken body is a 400", async () => {
    const foreign = {
      id: "evt_foreign",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_other",
          object: "checkout.session",
          status: "complete",
          payment_status: "paid",
          url: null,
          client_reference_id: null,
          metadata: {},
        },
      },
    };
    const notOurs = await deliver(foreign);
    expect(notOurs.status).toBe(200);
    expect(await notOurs.json()).toEqual({ received: true, ignored: true });
    const otherType = await deliver({
      id: "evt_other",
      object: "event",
      type: "payment_intent.created",
      data: { object: { id: "pi_1", object: "payment_intent" } },
    });
    expect(await otherType.json()).toEqual({ received: true, ignored: true });
    const broken = await deliver(
      {},
      {
        payload: "{not json",
        signature: await Stripe.webhooks.generateTestHeaderStringAsync({
          payload: "{not json",
          secret: testEnv.STRIPE_STANDIN_WEBHOOK_SECRET,
          cryptoProvider: Stripe.createSubtleCryptoProvider(),
        }),
      },
    );
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: { code: "badBody", message: "malformed-body" } });
  });
});

describe("Stripe: start-up checks", () => {
  const base = { ...(testEnv as unknown as Record<string, unknown>), PAYMENT_PROVIDER: "stripe" };

  it("takes Stripe everywhere, and refuses the sandbox outside a developer's machine or an unknown provider", () => {
    expect(parseConfig({ ...base, ENVIRONMENT: "production" }).paymentProvider.name).toBe("stripe");
    expect(parseConfig({ ...base, ENVIRONMENT: "staging" }).paymentProvider.name).toBe("stripe");
    expect(() => parseConfig({ ...base, PAYMENT_PROVIDER: "sandbox", ENVIRONMENT: "production" })).toThrow(/sandbox/);
    expect(() => parseConfig({ ...base, PAYMENT_PROVIDER: "sandbox", ENVIRONMENT: "staging" })).toThrow(/sandbox/);
    expect(() => parseConfig({ ...base, PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
  });

  it("takes every online method every brand offers", () => {
    const online = BRANDS.flatMap((brand) =>
      brand.paymentMethods.filter((method) => paymentTypeOf(method) === "ONLINE_PREPAID"),
    );
    expect(online.filter((method) => STRIPE_METHODS[method] === null)).toEqual([]);
  });
});

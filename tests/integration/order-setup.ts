import { ProductApiClient } from "../../app/lib/product-api/client";
import { cartSchema } from "../../app/lib/product-api/cart";
import { signSandboxPayload } from "../../app/lib/payments/sandbox.server";
import { TEST_SECRETS } from "../setup/secrets";
import { sessionCookie, testEnv, visit } from "../setup/app";

/** Valid data for each checkout step in WPX-ES, as the checkout's endpoints would have saved it. */
export const ES_CHECKOUT = {
  contact: { email: "lucia@example.com", customerType: "PERSON", firstName: "Lucía", lastName: "Pérez", phone: "+34 600 123 456" },
  address: { street: "Calle Mayor 12", postcode: "28013", city: "Madrid", country: "ES" },
  shipment: { deliveryType: "ADDRESS", carrier: "CORREOS", pickupPointId: null },
  payment: { method: "CARD" },
};

type Steps = Partial<Record<keyof typeof ES_CHECKOUT, unknown>>;

export function productApi(extSessionId: string) {
  return new ProductApiClient({
    transport: (request) => testEnv.API.fetch(request),
    brand: "WPX-ES",
    locale: "es",
    extSessionId,
    cacheable: false,
    clientCallsEnabled: false,
  });
}

export async function saveCheckout(cartId: string, steps: Steps) {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  await testEnv.STORE_DB.prepare(`INSERT INTO cart_checkouts (cart_id, contact, address, shipment, payment, updated_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT(cart_id) DO UPDATE SET contact = excluded.contact, address = excluded.address, shipment = excluded.shipment, payment = excluded.payment`)
    .bind(cartId, json(steps.contact), json(steps.address), json(steps.shipment), json(steps.payment), new Date().toISOString())
    .run();
}

/**
 * A shopper of WPX-ES with a cart in the product API (two photo packs 201 with options, one mug 203), a saved checkout
 * (by default complete, paid by card) and a session that knows the cart.
 */
export async function shopperWithCheckout(steps: Steps = ES_CHECKOUT) {
  const extSessionId = crypto.randomUUID();
  const api = productApi(extSessionId);
  const cart = await api.post("/carts", { site: "WPX-ES", locale: "es" }, cartSchema);
  await api.post(`/carts/${cart.id}/lines`, { locale: "es", article_id: 201, options: "28,34", quantity: 2 }, cartSchema);
  const full = await api.post(`/carts/${cart.id}/lines`, { locale: "es", article_id: 203, quantity: 1 }, cartSchema);
  await saveCheckout(cart.id, steps);
  const session = await sessionCookie({ fotiApiClient: { extSessionId }, cartId: cart.id });
  return { extSessionId, api, cart: full, cartId: cart.id, ...session };
}

export async function ordersOfCart(cartId: string) {
  return (await testEnv.STORE_DB.prepare("SELECT public_id AS publicId, status_code AS statusCode, payment_status AS paymentStatus FROM orders WHERE cart_id = ? ORDER BY id").bind(cartId).all<{ publicId: string; statusCode: number; paymentStatus: string }>()).results;
}

export async function outboxFor(email: string) {
  return (await testEnv.STORE_DB.prepare("SELECT subject, body_text AS body, kind FROM email_outbox WHERE to_address = ? ORDER BY id").bind(email).all<{ subject: string; body: string; kind: string }>()).results;
}

/** The provider's webhook as it would arrive: a JSON event signed with the shared secret (or whatever the test says). */
export async function sendWebhook(paymentId: string, type: string, options: { eventId?: string; secret?: string; timestamp?: number; brand?: "WPX-ES" } = {}) {
  const eventId = options.eventId ?? `evt_${crypto.randomUUID()}`;
  const body = JSON.stringify({ id: eventId, type, created: Math.floor(Date.now() / 1000), data: { payment_id: paymentId } });
  const signature = await signSandboxPayload(options.secret ?? TEST_SECRETS.paymentWebhookSecret, body, options.timestamp);
  // Server to server: no Origin, no cookie.
  const response = await visit("/api/payments/webhook", {
    brand: options.brand, method: "POST", body, headers: { "content-type": "application/json", "Sandbox-Signature": signature, origin: "" },
  });
  return { response, eventId };
}

export function location(response: Response) {
  const value = response.headers.get("location") ?? "";
  return value.startsWith("http") ? new URL(value).pathname + new URL(value).search : value;
}

import { cartSchema } from "@contract/api/cart";
import type { BrandSlug } from "@contract/brands/brands";
import { signSandboxPayload } from "~/lib/payments/sandbox.server";
import { sessionCookie, testEnv, visit } from "./app";
import { productApiAs } from "./checkout";
import { TEST_SECRETS } from "./secrets";

type OrderFields = {
  site?: string;
  email?: string;
  paymentStatus?: "PENDING" | "PAID" | "CANCELED";
  deliveryType?: "ADDRESS" | "PICKPOINT" | "PICKPOINT_CUSTOMER" | "FACTORY_PICKUP";
  carrier?: string | null;
  pickupPointId?: string | null;
};

const run = (query: string, ...values: unknown[]) =>
  testEnv.STORE_DB.prepare(query)
    .bind(...values)
    .run();

/**
 * A realistic order written straight into the product API's D1, as placing one would leave it: its cart, two lines,
 * the checkout snapshot and the first event (0, received). Returns its public id.
 */
export async function insertOrder(fields: OrderFields = {}) {
  const {
    site = "WPX-ES",
    email = "ana.garcia@example.com",
    paymentStatus = "PAID",
    deliveryType = "ADDRESS",
    pickupPointId = null,
  } = fields;
  const carrier = fields.carrier === undefined ? (deliveryType === "FACTORY_PICKUP" ? null : "GLS") : fields.carrier;
  const publicId = `T${crypto.randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;
  const cartId = crypto.randomUUID();
  const now = new Date(Date.now() - 3_600_000).toISOString();
  await run(
    "INSERT INTO carts (id, site, ext_session_id, created_at, updated_at, closed_at) VALUES (?, ?, ?, ?, ?, ?)",
    cartId,
    site,
    "placing-session",
    now,
    now,
    paymentStatus === "PAID" ? now : null,
  );
  const contact = { email, customerType: "PERSON", firstName: "Ana", lastName: "García", phone: "+34 600 000 000" };
  const address = { street: "Calle Mayor 1", postcode: "28013", city: "Madrid", province: "Madrid", country: "ES" };
  const shipment = { deliveryType, carrier, pickupPointId };
  const result = await run(
    `INSERT INTO orders (public_id, idempotency_key, site, cart_id, ext_session_id, locale, email, contact, address, shipment, payment_method,
      payment_type, payment_status, status_code, shipment_status, tracking_reference, currency, subtotal, discount, shipping, vat_rate, vat, total,
      promotion_code, created_at, paid_at)
     VALUES (?, ?, ?, ?, 'placing-session', 'es', ?, ?, ?, ?, 'CARD', 'ONLINE_PREPAID', ?, 0, NULL, NULL, 'EUR', 4285, 0, 545, 21, 838, 4830, NULL, ?, ?)`,
    publicId,
    crypto.randomUUID(),
    site,
    cartId,
    email,
    JSON.stringify(contact),
    JSON.stringify(address),
    JSON.stringify(shipment),
    paymentStatus,
    now,
    paymentStatus === "PAID" ? now : null,
  );
  const orderId = result.meta.last_row_id;
  await run(
    `INSERT INTO order_lines (order_id, article_id, name, name_plural, slug, image, options, quantity, unit_price, total, design_id)
     VALUES (?, 201, 'Pack de fotos reveladas', 'Packs de fotos reveladas', 'pack-de-fotos-reveladas', '/images/articles/201.svg', ?, 2, 1895, 3790, NULL),
            (?, 203, 'Taza personalizada', 'Tazas personalizadas', 'taza-personalizada', '/images/articles/203.svg', '[]', 1, 495, 495, NULL)`,
    orderId,
    JSON.stringify([{ id: 28, group: "size", code: "13x18" }]),
    orderId,
  );
  await run(
    "INSERT INTO order_events (order_id, status_code, shipment_status, created_at) VALUES (?, 0, NULL, ?)",
    orderId,
    now,
  );
  return publicId;
}

/** Calls the product API's operator endpoints, as `npm run order:status` does. */
export async function operate(
  publicId: string,
  change: "advance" | { status_code?: number; shipment_status?: string },
) {
  const path = change === "advance" ? "advance" : "status";
  const body =
    change === "advance"
      ? ""
      : new URLSearchParams(Object.entries(change).map(([key, value]) => [key, String(value)])).toString();
  const response = await testEnv.PRODUCT_API.fetch(
    new Request(`https://product-api.internal/operator/orders/${publicId}/${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_SECRETS.apiToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body,
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & {
      statusCode?: number;
      shipmentStatus?: string | null;
      trackingReference?: string | null;
      error?: { code: number; message: string };
    },
  };
}

/** Valid data for each checkout step in WPX-ES, as the checkout's endpoints would have saved it. */
export const ES_CHECKOUT = {
  contact: {
    email: "lucia@example.com",
    customerType: "PERSON",
    firstName: "Lucía",
    lastName: "Pérez",
    phone: "+34 600 123 456",
  },
  address: { street: "Calle Mayor 12", postcode: "28013", city: "Madrid", country: "ES" },
  shipment: { deliveryType: "ADDRESS", carrier: "CORREOS", pickupPointId: null },
  payment: { method: "CARD" },
};

type Steps = Partial<Record<keyof typeof ES_CHECKOUT, unknown>>;

export async function saveCheckout(cartId: string, steps: Steps) {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  await testEnv.STORE_DB.prepare(`INSERT INTO cart_checkouts (cart_id, contact, address, shipment, payment, updated_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT(cart_id) DO UPDATE SET contact = excluded.contact, address = excluded.address, shipment = excluded.shipment, payment = excluded.payment`)
    .bind(
      cartId,
      json(steps.contact),
      json(steps.address),
      json(steps.shipment),
      json(steps.payment),
      new Date().toISOString(),
    )
    .run();
}

/**
 * A shopper of WPX-ES with a cart in the product API (two photo packs 201 with options, one mug 203), a saved checkout
 * (by default complete, paid by card) and a session that knows the cart.
 */
export async function shopperWithCheckout(steps: Steps = ES_CHECKOUT) {
  const extSessionId = crypto.randomUUID();
  const api = productApiAs("WPX-ES", extSessionId, "es");
  const cart = await api.post("/carts", { site: "WPX-ES", locale: "es" }, cartSchema);
  await api.post(
    `/carts/${cart.id}/lines`,
    { locale: "es", article_id: 201, options: "28,34", quantity: 2 },
    cartSchema,
  );
  const full = await api.post(`/carts/${cart.id}/lines`, { locale: "es", article_id: 203, quantity: 1 }, cartSchema);
  await saveCheckout(cart.id, steps);
  const session = await sessionCookie({ fotiApiClient: { extSessionId }, cartId: cart.id });
  return { extSessionId, api, cart: full, cartId: cart.id, ...session };
}

export async function ordersOfCart(cartId: string) {
  return (
    await testEnv.STORE_DB.prepare(
      "SELECT public_id AS publicId, status_code AS statusCode, payment_status AS paymentStatus FROM orders WHERE cart_id = ? ORDER BY id",
    )
      .bind(cartId)
      .all<{ publicId: string; statusCode: number; paymentStatus: string }>()
  ).results;
}

export async function outboxFor(email: string) {
  return (
    await testEnv.STORE_DB.prepare(
      "SELECT subject, body_text AS body, kind FROM email_outbox WHERE to_address = ? ORDER BY id",
    )
      .bind(email)
      .all<{ subject: string; body: string; kind: string }>()
  ).results;
}

/**
 * The provider's webhook as it would arrive: a JSON event signed with the shared secret (or whatever the test says).
 */
export async function sendWebhook(
  paymentId: string,
  type: string,
  options: { eventId?: string; secret?: string; timestamp?: number; brand?: BrandSlug } = {},
) {
  const eventId = options.eventId ?? `evt_${crypto.randomUUID()}`;
  const body = JSON.stringify({
    id: eventId,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { payment_id: paymentId },
  });
  const signature = await signSandboxPayload(
    options.secret ?? TEST_SECRETS.paymentWebhookSecret,
    body,
    options.timestamp,
  );
  // Server to server: no Origin, no cookie.
  const response = await visit("/api/payments/webhook", {
    brand: options.brand,
    method: "POST",
    body,
    headers: { "content-type": "application/json", "Sandbox-Signature": signature, origin: "" },
  });
  return { response, eventId };
}

export function location(response: Response) {
  const value = response.headers.get("location") ?? "";
  return value.startsWith("http") ? new URL(value).pathname + new URL(value).search : value;
}

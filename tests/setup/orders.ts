import { testEnv } from "./app";
import { TEST_SECRETS } from "./secrets";

type OrderFields = {
  site?: string;
  email?: string;
  paymentStatus?: "PENDING" | "PAID" | "CANCELED";
  deliveryType?: "ADDRESS" | "PICKPOINT" | "PICKPOINT_CUSTOMER" | "FACTORY_PICKUP";
  carrier?: string | null;
  pickupPointId?: string | null;
};

const run = (query: string, ...values: unknown[]) => testEnv.STORE_DB.prepare(query).bind(...values).run();

/**
 * A realistic order written straight into the product API's D1, as placing one would leave it: its cart, two lines,
 * the checkout snapshot and the first event (0, received). Returns its public id.
 */
export async function insertOrder(fields: OrderFields = {}) {
  const { site = "WPX-ES", email = "ana.garcia@example.com", paymentStatus = "PAID", deliveryType = "ADDRESS", pickupPointId = null } = fields;
  const carrier = fields.carrier === undefined ? (deliveryType === "FACTORY_PICKUP" ? null : "GLS") : fields.carrier;
  const publicId = `T${crypto.randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`;
  const cartId = crypto.randomUUID();
  const now = new Date(Date.now() - 3_600_000).toISOString();
  await run("INSERT INTO carts (id, site, ext_session_id, created_at, updated_at, closed_at) VALUES (?, ?, ?, ?, ?, ?)", cartId, site, "placing-session", now, now, paymentStatus === "PAID" ? now : null);
  const contact = { email, customerType: "PERSON", firstName: "Ana", lastName: "García", phone: "+34 600 000 000" };
  const address = { street: "Calle Mayor 1", postcode: "28013", city: "Madrid", province: "Madrid", country: "ES" };
  const shipment = { deliveryType, carrier, pickupPointId };
  const result = await run(
    `INSERT INTO orders (public_id, idempotency_key, site, cart_id, ext_session_id, locale, email, contact, address, shipment, payment_method,
      payment_type, payment_status, status_code, shipment_status, tracking_reference, currency, subtotal, discount, shipping, vat, total,
      promotion_code, created_at, paid_at)
     VALUES (?, ?, ?, ?, 'placing-session', 'es', ?, ?, ?, ?, 'CARD', 'ONLINE_PREPAID', ?, 0, NULL, NULL, 'EUR', 4285, 0, 545, 838, 4830, NULL, ?, ?)`,
    publicId, crypto.randomUUID(), site, cartId, email, JSON.stringify(contact), JSON.stringify(address), JSON.stringify(shipment), paymentStatus, now,
    paymentStatus === "PAID" ? now : null,
  );
  const orderId = result.meta.last_row_id;
  await run(
    `INSERT INTO order_lines (order_id, article_id, name, name_plural, slug, image, options, quantity, unit_price, total, design_id)
     VALUES (?, 201, 'Pack de fotos reveladas', 'Packs de fotos reveladas', 'pack-de-fotos-reveladas', '/images/articles/201.svg', ?, 2, 1895, 3790, NULL),
            (?, 203, 'Taza personalizada', 'Tazas personalizadas', 'taza-personalizada', '/images/articles/203.svg', '[]', 1, 495, 495, NULL)`,
    orderId, JSON.stringify([{ id: 28, group: "size", code: "13x18" }]), orderId,
  );
  await run("INSERT INTO order_events (order_id, status_code, shipment_status, created_at) VALUES (?, 0, NULL, ?)", orderId, now);
  return publicId;
}

/** Calls the product API's operator endpoints, as `npm run order:status` does. */
export async function operate(publicId: string, change: "advance" | { status_code?: number; shipment_status?: string }) {
  const path = change === "advance" ? "advance" : "status";
  const body = change === "advance" ? "" : new URLSearchParams(Object.entries(change).map(([key, value]) => [key, String(value)])).toString();
  const response = await testEnv.PRODUCT_API.fetch(
    new Request(`https://product-api.internal/operator/orders/${publicId}/${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}`, "content-type": "application/x-www-form-urlencoded" },
      body,
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { statusCode?: number; shipmentStatus?: string | null; trackingReference?: string | null; error?: { code: number; message: string } } };
}

import { orderRowBy, orderView } from "../order-view";
import { Hono } from "hono";
import { z } from "zod";
import { brandBySlug, type Brand } from "@contract/brands/brands";
import { shippingOptions } from "@contract/shipping/options";
import { LOCALES } from "@contract/locales/locales";
import { VAT_RATES } from "@contract/pricing/vat";
import { addressSchema, contactSchema, paymentChoiceSchema, shipmentSchema, type PickupPoint } from "@contract/api/checkout";
import { paymentTypeOf } from "@contract/brands/payment-kinds";
import { type Order } from "@contract/api/orders";
import { API_ERROR_CODES } from "@contract/api/errors";
import { incompleteStepCode } from "@contract/api/errors";
import { firstRow, inList, rows, sql } from "../db/query";
import { apiError, visitorParams, zValidator, type ProductApi } from "../http";
import { orderConfirmationEmail } from "../order-email";
import { cartView, ownCart } from "./carts";

const siteUrl = z.url({ protocol: /^https?$/ }).max(200);
const create = visitorParams.extend({
  cart_id: z.string().min(1).max(64),
  locale: z.enum(LOCALES),
  /** The storefront's origin, for the tracking link in the e-mail. */
  site_url: siteUrl,
});
const viewer = visitorParams;

/** JSON with object keys sorted at every level: the same data always gives the same text (and hash). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// Base32 without the look-alikes 0/O and 1/I: easy to read out on the phone.
const PUBLIC_ID_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
function newPublicId(country: string) {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${country}-${[...bytes].map((byte) => PUBLIC_ID_ALPHABET[byte % 32]).join("")}`;
}

type CheckoutRow = { contact: string | null; address: string | null; shipment: string | null; payment: string | null };
const parseJson = (text: string | null): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** The saved checkout, re-validated against the brand; the first step that is missing or no longer valid fails. */
async function validCheckout(env: ProductApiEnv, brand: Brand, cartId: string) {
  const row = await firstRow<CheckoutRow>(env, sql`SELECT contact, address, shipment, payment FROM cart_checkouts WHERE cart_id = ${cartId}`);
  const contact = contactSchema(brand.country).safeParse(parseJson(row?.contact ?? null));
  if (!contact.success) return { step: 1 as const };
  const address = addressSchema(brand.country).safeParse(parseJson(row?.address ?? null));
  if (!address.success) return { step: 2 as const };
  const shipment = shipmentSchema.safeParse(parseJson(row?.shipment ?? null));
  if (!shipment.success || !brand.deliveryTypes.includes(shipment.data.deliveryType)) return { step: 3 as const };
  if (shipment.data.carrier && !brand.carriers.includes(shipment.data.carrier)) return { step: 3 as const };
  let pickupPoint: PickupPoint | null = null;
  const needsPoint = shipment.data.deliveryType === "PICKPOINT" || shipment.data.deliveryType === "PICKPOINT_CUSTOMER";
  if (needsPoint) {
    const point = await firstRow<Omit<PickupPoint, "latitude" | "longitude"> & { latitude: number; longitude: number }>(env, sql`
      SELECT id, kind, carrier, name, street, postcode, city, latitude_e6 AS latitude, longitude_e6 AS longitude, opening_hours AS openingHours
      FROM pickup_points WHERE id = ${shipment.data.pickupPointId} AND country = ${brand.country}`);
    const kindFits = point && (shipment.data.deliveryType === "PICKPOINT" ? point.kind === "CARRIER" && point.carrier === shipment.data.carrier : point.kind === "PARTNER");
    if (!point || !kindFits) return { step: 3 as const };
    pickupPoint = { ...point, latitude: point.latitude / 1e6, longitude: point.longitude / 1e6 };
  }
  const payment = paymentChoiceSchema.safeParse(parseJson(row?.payment ?? null));
  if (!payment.success || !brand.paymentMethods.includes(payment.data.method)) return { step: 4 as const };
  return { step: null, contact: contact.data, address: address.data, shipment: shipment.data, pickupPoint, method: payment.data.method };
}

const now = () => new Date().toISOString();

export const orders = new Hono<ProductApi>()
  /**
   * Places the order for a checked-out cart, exactly once per content: the key is the cart id and a hash of its lines,
   * promotion and checkout data, and `ON CONFLICT DO NOTHING` makes every concurrent or repeated submit find one row.
   */
  .post("/", zValidator("form", create), async (c) => {
    const body = create.parse(await c.req.parseBody());
    const cart = await ownCart(c.env, body.cart_id, body.ext_session_id, body.customer_id ?? null);
    if (!cart) return apiError(c, 404, API_ERROR_CODES.notFound, "Cart not found");
    const brand = brandBySlug(cart.site);
    if (!brand) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${cart.site}`);
    const checkout = await validCheckout(c.env, brand, cart.id);
    if (checkout.step !== null) {
      return apiError(c, 400, incompleteStepCode(checkout.step), `Checkout step ${checkout.step} is incomplete or no longer valid`);
    }
    const view = await cartView(c.env, cart, body.locale);
    if (!view.lines.length) return apiError(c, 400, API_ERROR_CODES.emptyCart, "The cart is empty");

    const discount = view.promotion?.amount ?? 0;
    const option = shippingOptions(brand, view.subtotal - discount, new Date())
      .find((candidate) => candidate.deliveryType === checkout.shipment.deliveryType && candidate.carrier === (checkout.shipment.deliveryType === "FACTORY_PICKUP" ? null : checkout.shipment.carrier));
    if (!option) return apiError(c, 400, incompleteStepCode(3), "The chosen delivery is not offered");
    const total = view.subtotal - discount + option.price;
    const vatRate = VAT_RATES[brand.country] ?? 21;
    const vat = Math.round((total * vatRate) / (100 + vatRate));

    const lineSnapshot = view.lines.map((line) => ({
      articleId: line.articleId, options: line.options.map((opt) => opt.id), quantity: line.quantity, designId: line.designId, unitPrice: line.unitPrice, total: line.total,
    }));
    const checkoutData = { contact: checkout.contact, address: checkout.address, shipment: checkout.shipment, method: checkout.method };
    const idempotencyKey = `${cart.id}:${await sha256Hex(canonicalJson({ lines: lineSnapshot, promotion: view.promotion?.code ?? null, checkout: checkoutData }))}`;

    const plurals = await rows<{ articleId: number; namePlural: string }>(c.env, sql`SELECT article_id AS articleId, name_plural AS namePlural
      FROM article_texts WHERE locale = ${body.locale} AND article_id IN (${inList(view.lines.map((line) => line.articleId))})`);
    const createdAt = now();
    const draft: Omit<Order, "publicId"> = {
      site: cart.site, cartId: cart.id, locale: body.locale, email: checkout.contact.email,
      contact: checkout.contact, address: checkout.address,
      shipment: { ...checkout.shipment, pickupPoint: checkout.pickupPoint, earliest: option.earliest, latest: option.latest },
      pickupPoint: checkout.pickupPoint, paymentMethod: checkout.method, paymentType: paymentTypeOf(checkout.method), paymentStatus: "PENDING",
      statusCode: 0, shipmentStatus: null, trackingReference: null, currency: view.currency, subtotal: view.subtotal, discount,
      shipping: option.price, vat, total, promotionCode: view.promotion?.code ?? null, createdAt, paidAt: null,
      lines: view.lines.map((line) => ({
        articleId: line.articleId, name: line.name, namePlural: plurals.find((plural) => plural.articleId === line.articleId)?.namePlural ?? line.name,
        slug: line.slug, image: line.image, options: line.options, quantity: line.quantity, unitPrice: line.unitPrice, total: line.total, designId: line.designId,
      })),
      events: [], userRequiredActions: [],
    };
    const db = c.env.STORE_DB;
    for (let attempt = 0; ; attempt++) {
      const publicId = newPublicId(brand.country);
      // Rows that follow the order's own go in only when this submit's order went in (its public id): one atomic batch.
      const ifMine = `FROM orders WHERE idempotency_key = ? AND public_id = ?`;
      const statements = [
        // A changed cart (another key) supersedes its older unpaid order: cancelled, its key freed, its attempts closed.
        db.prepare(`INSERT INTO order_events (order_id, status_code, created_at) SELECT id, 10, ? FROM orders
          WHERE cart_id = ? AND idempotency_key != ? AND payment_status = 'PENDING'`).bind(createdAt, cart.id, idempotencyKey),
        db.prepare(`UPDATE payments SET status = 'CANCELED', updated_at = ? WHERE status = 'PENDING' AND order_id IN
          (SELECT id FROM orders WHERE cart_id = ? AND idempotency_key != ? AND payment_status = 'PENDING')`).bind(createdAt, cart.id, idempotencyKey),
        db.prepare(`UPDATE orders SET status_code = 10, payment_status = 'CANCELED', idempotency_key = idempotency_key || ':canceled:' || id
          WHERE cart_id = ? AND idempotency_key != ? AND payment_status = 'PENDING'`).bind(cart.id, idempotencyKey),
        db.prepare(`INSERT INTO orders (public_id, idempotency_key, site, cart_id, ext_session_id, customer_id, locale, email, contact, address,
            shipment, payment_method, payment_type, payment_status, status_code, currency, subtotal, discount, shipping, vat, total, promotion_code, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING`).bind(
          publicId, idempotencyKey, draft.site, draft.cartId, body.ext_session_id, body.customer_id ?? null, draft.locale, draft.email,
          JSON.stringify(draft.contact), JSON.stringify(draft.address), JSON.stringify(draft.shipment), draft.paymentMethod, draft.paymentType,
          draft.currency, draft.subtotal, draft.discount, draft.shipping, draft.vat, draft.total, draft.promotionCode, createdAt,
        ),
        ...draft.lines.map((line) =>
          db.prepare(`INSERT INTO order_lines (order_id, article_id, name, name_plural, slug, image, options, quantity, unit_price, total, design_id)
            SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? ${ifMine}`).bind(
            line.articleId, line.name, line.namePlural, line.slug, line.image, JSON.stringify(line.options), line.quantity, line.unitPrice,
            line.total, line.designId, idempotencyKey, publicId,
          ),
        ),
        db.prepare(`INSERT INTO order_events (order_id, status_code, created_at) SELECT id, 0, ? ${ifMine}`).bind(createdAt, idempotencyKey, publicId),
      ];
      // Offline payments: the e-mail that says how to pay goes out with the order, once.
      if (draft.paymentType !== "ONLINE_PREPAID") {
        const email = orderConfirmationEmail({ ...draft, publicId }, brand, body.site_url);
        statements.push(db.prepare(`INSERT INTO email_outbox (site, to_address, subject, body_text, kind, created_at)
          SELECT ?, ?, ?, ?, 'order-confirmation', ? ${ifMine}`).bind(draft.site, draft.email, email.subject, email.body, createdAt, idempotencyKey, publicId));
      }
      try {
        await db.batch(statements);
        break;
      } catch (error) {
        // A public id already taken (one in a trillion): draw another.
        if (attempt < 3 && String(error).includes("orders.public_id")) continue;
        throw error;
      }
    }
    const order = (await orderRowBy(c.env, sql`idempotency_key = ${idempotencyKey}`))!;
    return c.json(await orderView(c.env, order), 201);
  })
  .get("/:publicId", zValidator("query", viewer), async (c) => {
    const query = viewer.parse(c.req.query());
    const order = await orderRowBy(c.env, sql`public_id = ${c.req.param("publicId")}`);
    const mine = order && (order.extSessionId === query.ext_session_id || (!!query.customer_id && order.customerId === query.customer_id));
    // Someone else's order does not exist for them; 5004 lets the storefront treat it as "nothing found".
    if (!order || !mine) return apiError(c, 404, API_ERROR_CODES.noResults, "Order not found");
    return c.json(await orderView(c.env, order));
  });

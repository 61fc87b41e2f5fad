import type { Cart } from "@contract/api/cart";
import {
  addressSchema,
  contactSchema,
  paymentChoiceSchema,
  shipmentSchema,
  type ShippingOption,
} from "@contract/api/checkout";
import type { Totals } from "@contract/api/totals";
import type { Order } from "@contract/api/orders";
import type { Brand } from "@contract/brands/brands";
import { paymentTypeOf } from "@contract/brands/payment-kinds";
import { sha256Hex } from "@contract/rules/sha256";
import { DELIVERY_MODE_OF } from "@contract/shipping/delivery-modes";
import { orderAttributionStatement, type OrderAttribution } from "../affiliates/attribution";
import type { CartRow } from "../carts/queries";
import { storedSteps } from "../checkouts/queries";
import { inList, rows, sql } from "../db/query";
import { findPickupPoint, withoutCountry } from "../pickup-points/queries";
import { orderConfirmationEmail } from "./email";
import { orderRowBy } from "./queries";

/** The saved checkout, checked again against the brand; the first step that is missing or no longer valid fails. */
export async function validCheckout(env: ProductApiEnv, brand: Brand, cartId: string) {
  const stored = await storedSteps(env, cartId);
  const contact = contactSchema(brand.country).safeParse(stored.contact);
  if (!contact.success) return { step: 1 as const };
  const address = addressSchema(brand.country).safeParse(stored.address);
  if (!address.success) return { step: 2 as const };
  const shipment = shipmentSchema.safeParse(stored.shipment);
  if (!shipment.success || !brand.deliveryTypes.includes(shipment.data.deliveryType)) return { step: 3 as const };
  if (shipment.data.carrier && !brand.carriers.includes(shipment.data.carrier)) return { step: 3 as const };
  const needsPoint = shipment.data.deliveryType === "PICKPOINT" || shipment.data.deliveryType === "PICKPOINT_CUSTOMER";
  const point = needsPoint ? await findPickupPoint(env, shipment.data.pickupPointId!) : null;
  if (needsPoint) {
    const kindFits =
      point &&
      (shipment.data.deliveryType === "PICKPOINT"
        ? point.kind === "CARRIER" && point.carrier === shipment.data.carrier
        : point.kind === "PARTNER");
    if (!point || point.country !== brand.country || !kindFits) return { step: 3 as const };
  }
  const payment = paymentChoiceSchema.safeParse(stored.payment);
  if (!payment.success || !brand.paymentMethods.includes(payment.data.method)) return { step: 4 as const };
  return {
    step: null,
    contact: contact.data,
    address: address.data,
    shipment: shipment.data,
    pickupPoint: point && withoutCountry(point),
    method: payment.data.method,
  };
}

export type ValidCheckout = Extract<Awaited<ReturnType<typeof validCheckout>>, { step: null }>;

/** JSON with object keys sorted at every level: the same data always gives the same text (and hash). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

// Base32 without the look-alikes 0/O and 1/I: easy to read out on the phone.
const PUBLIC_ID_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export function newOrderPublicId(country: string) {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${country}-${[...bytes].map((byte) => PUBLIC_ID_ALPHABET[byte % 32]).join("")}`;
}

type Placing = {
  brand: Brand;
  cart: CartRow;
  view: Cart;
  checkout: ValidCheckout;
  delivery: ShippingOption;
  totals: Totals;
  locale: string;
  siteUrl: string;
  visitor: { extSessionId: string; customerId: string | null };
  /** How the buyer came, as the storefront recorded it within their consent; recorded with the order when given. */
  attribution?: OrderAttribution;
};

/**
 * Places the order for a checked-out cart, exactly once per content: the key is the cart id and a hash of its lines,
 * promotion and checkout data, and `ON CONFLICT DO NOTHING` makes every concurrent or repeated submit find one row.
 */
export async function placeOrder(
  env: ProductApiEnv,
  { brand, cart, view, checkout, delivery, totals, locale, siteUrl, visitor, attribution }: Placing,
) {
  const lineSnapshot = view.lines.map((line) => ({
    articleId: line.articleId,
    options: line.options.map((option) => option.id),
    quantity: line.quantity,
    designId: line.designId,
    designVersion: line.designVersion,
    innerPages: line.innerPages,
    unitPrice: line.unitPrice,
    total: line.total,
  }));
  const checkoutData = {
    contact: checkout.contact,
    address: checkout.address,
    shipment: checkout.shipment,
    method: checkout.method,
  };
  const idempotencyKey = `${cart.id}:${await sha256Hex(canonicalJson({ lines: lineSnapshot, promotion: totals.promotion?.code ?? null, checkout: checkoutData }))}`;

  const plurals = await rows<{ articleId: number; namePlural: string }>(
    env,
    sql`SELECT article_id AS articleId, name_plural AS namePlural
    FROM article_texts WHERE locale = ${locale} AND article_id IN (${inList(view.lines.map((line) => line.articleId))})`,
  );
  const createdAt = new Date().toISOString();
  const draft: Omit<Order, "publicId"> = {
    site: cart.site,
    cartId: cart.id,
    locale,
    email: checkout.contact.email,
    contact: checkout.contact,
    address: checkout.address,
    shipment: {
      ...checkout.shipment,
      earliest: delivery.earliest,
      latest: delivery.latest,
      deliveryMode: DELIVERY_MODE_OF[checkout.shipment.deliveryType],
    },
    pickupPoint: checkout.pickupPoint,
    paymentMethod: checkout.method,
    paymentType: paymentTypeOf(checkout.method),
    paymentStatus: "PENDING",
    statusCode: 0,
    shipmentStatus: null,
    trackingReference: null,
    currency: view.currency,
    totals,
    createdAt,
    paidAt: null,
    lines: view.lines.map((line) => ({
      articleId: line.articleId,
      name: line.name,
      namePlural: plurals.find((plural) => plural.articleId === line.articleId)?.namePlural ?? line.name,
      slug: line.slug,
      image: line.image,
      options: line.options,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.total,
      designId: line.designId,
      designVersion: line.designVersion,
      designName: line.designName,
      designPreview: line.designPreview,
      designPrint: line.designPrint,
      innerPages: line.innerPages,
      extraPages: line.extraPages,
    })),
    events: [],
    userRequiredActions: [],
  };
  // The stored shipment keeps the pickup point as the shopper saw it.
  // Its delivery mode follows from its type (contract/shipping/delivery-modes.ts): shown, never stored.
  const { deliveryMode: _mode, ...chosenShipment } = draft.shipment;
  const storedShipment = { ...chosenShipment, pickupPoint: draft.pickupPoint };
  const db = env.STORE_DB;
  for (let attempt = 0; ; attempt++) {
    const publicId = newOrderPublicId(brand.country);
    // Rows that follow the order's own go in only when this submit's order went in (its public id): one atomic batch.
    const ifMine = `FROM orders WHERE idempotency_key = ? AND public_id = ?`;
    const statements = [
      // A changed cart (another key) supersedes its older unpaid order: cancelled, its key freed, its attempts closed.
      db
        .prepare(`INSERT INTO order_events (order_id, status_code, created_at) SELECT id, 10, ? FROM orders
        WHERE cart_id = ? AND idempotency_key != ? AND payment_status = 'PENDING'`)
        .bind(createdAt, cart.id, idempotencyKey),
      db
        .prepare(`UPDATE payments SET status = 'CANCELED', updated_at = ? WHERE status = 'PENDING' AND order_id IN
        (SELECT id FROM orders WHERE cart_id = ? AND idempotency_key != ? AND payment_status = 'PENDING')`)
        .bind(createdAt, cart.id, idempotencyKey),
      db
        .prepare(`UPDATE orders SET status_code = 10, payment_status = 'CANCELED', idempotency_key = idempotency_key || ':canceled:' || id
        WHERE cart_id = ? AND idempotency_key != ? AND payment_status = 'PENDING'`)
        .bind(cart.id, idempotencyKey),
      db
        .prepare(`INSERT INTO orders (public_id, idempotency_key, site, cart_id, ext_session_id, customer_id, locale, email, contact, address,
          shipment, payment_method, payment_type, payment_status, status_code, currency, subtotal, discount, shipping, vat_rate, vat, total,
          promotion_code, discount_percent, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING`)
        .bind(
          publicId,
          idempotencyKey,
          draft.site,
          draft.cartId,
          visitor.extSessionId,
          visitor.customerId,
          draft.locale,
          draft.email,
          JSON.stringify(draft.contact),
          JSON.stringify(draft.address),
          JSON.stringify(storedShipment),
          draft.paymentMethod,
          draft.paymentType,
          draft.currency,
          totals.subtotal,
          totals.promotion?.amount ?? 0,
          totals.shipping,
          totals.vatRate,
          totals.vat,
          totals.total,
          totals.promotion?.code ?? null,
          totals.promotion?.discountPercent ?? null,
          createdAt,
        ),
      ...draft.lines.map((line) =>
        // A creator design's line keeps its version's print file, for production, even if the design is deleted later.
        db
          .prepare(`INSERT INTO order_lines (order_id, article_id, name, name_plural, slug, image, options, quantity, unit_price, total, design_id,
            design_version, design_name, design_preview, design_print, inner_pages, extra_pages)
          SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? ${ifMine}`)
          .bind(
            line.articleId,
            line.name,
            line.namePlural,
            line.slug,
            line.image,
            JSON.stringify(line.options),
            line.quantity,
            line.unitPrice,
            line.total,
            line.designId,
            line.designVersion,
            line.designName,
            line.designPreview,
            line.designPrint,
            line.innerPages,
            line.extraPages,
            idempotencyKey,
            publicId,
          ),
      ),
      db
        .prepare(`INSERT INTO order_events (order_id, status_code, created_at) SELECT id, 0, ? ${ifMine}`)
        .bind(createdAt, idempotencyKey, publicId),
      // The first submit's attribution goes with its order; a repeated submit finds the order and adds none.
      ...(attribution ? [orderAttributionStatement(db, attribution, { idempotencyKey, publicId })] : []),
    ];
    // Offline payments: the e-mail that says how to pay goes out with the order, once.
    if (draft.paymentType !== "ONLINE_PREPAID") {
      const email = orderConfirmationEmail({ ...draft, publicId }, brand, siteUrl);
      statements.push(
        db
          .prepare(`INSERT INTO email_outbox (site, to_address, subject, body_text, kind, created_at)
        SELECT ?, ?, ?, ?, 'order-confirmation', ? ${ifMine}`)
          .bind(draft.site, draft.email, email.subject, email.body, createdAt, idempotencyKey, publicId),
      );
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
  return (await orderRowBy(env, sql`idempotency_key = ${idempotencyKey}`))!;
}

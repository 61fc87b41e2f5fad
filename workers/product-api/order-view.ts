import type { Order } from "@contract/api/orders";
import { firstRow, rows, sql } from "./db/query";

/** An orders row as the order views read it. */
export type OrderRow = {
  id: number;
  publicId: string;
  site: string;
  cartId: string;
  /** Who placed it: never shown, used for ownership checks. */
  extSessionId: string;
  customerId: string | null;
  locale: string;
  email: string;
  contact: string;
  address: string;
  shipment: string;
  paymentMethod: string;
  paymentType: string;
  paymentStatus: string;
  statusCode: number;
  shipmentStatus: string | null;
  trackingReference: string | null;
  currency: string;
  subtotal: number;
  discount: number;
  shipping: number;
  vat: number;
  total: number;
  promotionCode: string | null;
  createdAt: string;
  paidAt: string | null;
};

const ORDER_COLUMNS = sql`id, public_id AS publicId, site, cart_id AS cartId, ext_session_id AS extSessionId,
  customer_id AS customerId, locale, email, contact, address, shipment,
  payment_method AS paymentMethod, payment_type AS paymentType, payment_status AS paymentStatus, status_code AS statusCode,
  shipment_status AS shipmentStatus, tracking_reference AS trackingReference, currency, subtotal, discount, shipping, vat, total,
  promotion_code AS promotionCode, created_at AS createdAt, paid_at AS paidAt`;

export function orderRowBy(env: ProductApiEnv, where: ReturnType<typeof sql>) {
  return firstRow<OrderRow>(env, sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where}`);
}

export function findOrder(env: ProductApiEnv, publicId: string, site?: string) {
  return orderRowBy(env, sql`public_id = ${publicId} ${site ? sql`AND site = ${site}` : sql``}`);
}

/** Shows an IBAN as its country, check digits and last four characters: enough to recognise, useless to copy. */
export function maskIban(iban: string) {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
type PointRow = { id: string; kind: string; carrier: string; name: string; street: string; postcode: string; city: string; latitude: number; longitude: number; openingHours: string };

/**
 * The contract's order: the row with its lines, history, required actions and pickup point (as it was when the order
 * was placed: the shipment snapshot keeps it; older rows without one look it up).
 */
export async function orderView(env: ProductApiEnv, order: OrderRow): Promise<Order> {
  const shipment = json(order.shipment);
  const snapshot = (shipment.pickupPoint ?? null) as Order["pickupPoint"];
  const pointId = !snapshot && typeof shipment.pickupPointId === "string" ? shipment.pickupPointId : null;
  const [lines, events, actions, point] = await Promise.all([
    rows<{ articleId: number; name: string; namePlural: string; slug: string; image: string; options: string; quantity: number; unitPrice: number; total: number; designId: string | null }>(
      env,
      sql`SELECT article_id AS articleId, name, name_plural AS namePlural, slug, image, options, quantity, unit_price AS unitPrice, total,
        design_id AS designId FROM order_lines WHERE order_id = ${order.id} ORDER BY id`,
    ),
    rows<{ statusCode: number | null; shipmentStatus: string | null; createdAt: string }>(
      env,
      sql`SELECT status_code AS statusCode, shipment_status AS shipmentStatus, created_at AS createdAt FROM order_events WHERE order_id = ${order.id} ORDER BY id`,
    ),
    rows<{ publicId: string; type: string; answer: string | null; createdAt: string; resolvedAt: string | null }>(
      env,
      sql`SELECT public_id AS publicId, type, answer, created_at AS createdAt, resolved_at AS resolvedAt FROM user_required_actions
        WHERE order_id = ${order.id} ORDER BY created_at`,
    ),
    pointId
      ? firstRow<PointRow>(
          env,
          sql`SELECT id, kind, carrier, name, street, postcode, city, latitude_e6 AS latitude, longitude_e6 AS longitude, opening_hours AS openingHours
            FROM pickup_points WHERE id = ${pointId}`,
        )
      : undefined,
  ]);
  return {
    publicId: order.publicId,
    site: order.site,
    cartId: order.cartId,
    locale: order.locale,
    email: order.email,
    contact: json(order.contact),
    address: json(order.address),
    shipment,
    pickupPoint: snapshot ?? (point ? { ...point, latitude: point.latitude / 1e6, longitude: point.longitude / 1e6 } : null),
    paymentMethod: order.paymentMethod,
    paymentType: order.paymentType,
    paymentStatus: order.paymentStatus,
    statusCode: order.statusCode,
    shipmentStatus: order.shipmentStatus,
    trackingReference: order.trackingReference,
    currency: order.currency,
    subtotal: order.subtotal,
    discount: order.discount,
    shipping: order.shipping,
    vat: order.vat,
    total: order.total,
    promotionCode: order.promotionCode,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    lines: lines.map((line) => ({ ...line, options: JSON.parse(line.options) })),
    events,
    userRequiredActions: actions.map(({ answer, ...action }) => {
      const given = answer ? (JSON.parse(answer) as { holder: string; iban: string }) : null;
      return { ...action, answer: given ? { holder: given.holder, ibanMasked: maskIban(given.iban) } : null };
    }),
  } as Order;
}

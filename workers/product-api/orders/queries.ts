import { firstRow, rows, sql } from "../db/query";

/** An orders row as the order calls read it. */
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
  vatRate: number;
  vat: number;
  total: number;
  promotionCode: string | null;
  discountPercent: number | null;
  createdAt: string;
  paidAt: string | null;
};

const ORDER_COLUMNS = sql`id, public_id AS publicId, site, cart_id AS cartId, ext_session_id AS extSessionId,
  customer_id AS customerId, locale, email, contact, address, shipment,
  payment_method AS paymentMethod, payment_type AS paymentType, payment_status AS paymentStatus, status_code AS statusCode,
  shipment_status AS shipmentStatus, tracking_reference AS trackingReference, currency, subtotal, discount, shipping,
  vat_rate AS vatRate, vat, total, promotion_code AS promotionCode, discount_percent AS discountPercent, created_at AS createdAt, paid_at AS paidAt`;

export function orderRowBy(env: ProductApiEnv, where: ReturnType<typeof sql>) {
  return firstRow<OrderRow>(env, sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where}`);
}

export function findOrder(env: ProductApiEnv, publicId: string, site?: string) {
  return orderRowBy(env, sql`public_id = ${publicId} ${site ? sql`AND site = ${site}` : sql``}`);
}

export type OrderLineRow = {
  articleId: number;
  name: string;
  namePlural: string;
  slug: string;
  image: string;
  options: string;
  quantity: number;
  unitPrice: number;
  total: number;
  designId: string | null;
  designVersion: number | null;
  designName: string | null;
  designPreview: string | null;
  designPrint: string | null;
  innerPages: number | null;
  extraPages: number;
};
export type OrderEventRow = { statusCode: number | null; shipmentStatus: string | null; createdAt: string };
export type RequiredActionRow = {
  publicId: string;
  type: string;
  answer: string | null;
  createdAt: string;
  resolvedAt: string | null;
};

/** What an order holds beside its row: lines, history and required actions, oldest first. */
export function orderDetails(env: ProductApiEnv, orderId: number) {
  return Promise.all([
    rows<OrderLineRow>(
      env,
      sql`SELECT article_id AS articleId, name, name_plural AS namePlural, slug, image, options, quantity, unit_price AS unitPrice, total,
      design_id AS designId, design_version AS designVersion, design_name AS designName, design_preview AS designPreview, design_print AS designPrint,
      inner_pages AS innerPages, extra_pages AS extraPages
      FROM order_lines WHERE order_id = ${orderId} ORDER BY id`,
    ),
    rows<OrderEventRow>(
      env,
      sql`SELECT status_code AS statusCode, shipment_status AS shipmentStatus, created_at AS createdAt FROM order_events
      WHERE order_id = ${orderId} ORDER BY id`,
    ),
    rows<RequiredActionRow>(
      env,
      sql`SELECT public_id AS publicId, type, answer, created_at AS createdAt, resolved_at AS resolvedAt FROM user_required_actions
      WHERE order_id = ${orderId} ORDER BY created_at`,
    ),
  ]);
}

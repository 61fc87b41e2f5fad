import type { Totals } from "@contract/api/totals";
import { commissionOf, DEFAULT_COMMISSION_RATE } from "@contract/pricing/commission";

export type PaidOrder = {
  site: string;
  masterId: string;
  rate: number;
  subtotal: number;
  discount: number;
  shipping: number;
  vatRate: number;
  vat: number;
  total: number;
  promotionCode: string | null;
  discountPercent: number | null;
};

/**
 * The GROUP commission of an order placed by a master's staff sub-account, for the statements that mark the order
 * paid: the master's rate (its config's, or the default) of the order's total without VAT as charged. Guarded by the
 * order's paid state and by one commission per order, so a replayed or concurrent payment event records it once.
 * Orders of customers and of masters themselves earn none.
 */
export async function groupCommissionStatements(
  db: D1Database,
  orderId: number,
  now: string,
): Promise<D1PreparedStatement[]> {
  const order = await db
    .prepare(`SELECT o.site, staff.master_id AS masterId, COALESCE(config.commission_rate, ?) AS rate, o.subtotal, o.discount, o.shipping,
      o.vat_rate AS vatRate, o.vat, o.total, o.promotion_code AS promotionCode, o.discount_percent AS discountPercent
    FROM orders o
    JOIN accounts staff ON staff.id = o.customer_id AND staff.site = o.site AND staff.kind = 'master'
    JOIN accounts owner ON owner.id = staff.master_id AND owner.kind = 'master' AND owner.master_id IS NULL
    LEFT JOIN master_configs config ON config.account_id = owner.id
    WHERE o.id = ?`)
    .bind(DEFAULT_COMMISSION_RATE, orderId)
    .first<PaidOrder>();
  return order ? [commissionStatement(db, orderId, now, "GROUP", order)] : [];
}

/**
 * The one commission of a paid order (GROUP or AFFILIATE): the rate of the order's total without VAT as charged,
 * inserted only while the order is PAID and only once per order (the first statement of the batch that applies wins).
 */
export function commissionStatement(
  db: D1Database,
  orderId: number,
  now: string,
  source: "GROUP" | "AFFILIATE",
  order: PaidOrder,
): D1PreparedStatement {
  // The totals the order was charged, as the order's view shows them.
  const totals: Totals = {
    subtotal: order.subtotal,
    shipping: order.shipping,
    vatRate: order.vatRate,
    vat: order.vat,
    total: order.total,
    promotion: order.promotionCode
      ? { code: order.promotionCode, discountPercent: order.discountPercent ?? 0, amount: order.discount }
      : null,
  };
  const { base, rate, amount } = commissionOf(totals, order.rate);
  return db
    .prepare(`INSERT INTO commissions (site, master_id, order_id, source, rate, base, amount, status, created_at)
    SELECT ?, ?, ?, ?, ?, ?, ?, 'PENDING', ? WHERE EXISTS (SELECT 1 FROM orders WHERE id = ? AND payment_status = 'PAID')
    ON CONFLICT (order_id) DO NOTHING`)
    .bind(order.site, order.masterId, orderId, source, rate, base, amount, now, orderId);
}

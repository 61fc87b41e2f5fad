import { commissionStatement, type PaidOrder } from "./group-commission";

/**
 * The AFFILIATE commission of an order whose attribution names an ACTIVE affiliate of its site with a master account:
 * the affiliate's rate, for its master, made when the order is paid like a GROUP one. An order earns one commission: a
 * group's own order keeps its GROUP one (that statement comes first), and an affiliate's master or staff buying through
 * its own link earns nothing.
 */
export async function affiliateCommissionStatements(
  db: D1Database,
  orderId: number,
  now: string,
): Promise<D1PreparedStatement[]> {
  const order = await db
    .prepare(`SELECT o.site, a.master_id AS masterId, a.commission_rate AS rate, o.subtotal, o.discount, o.shipping,
      o.vat_rate AS vatRate, o.vat, o.total, o.promotion_code AS promotionCode, o.discount_percent AS discountPercent
    FROM orders o
    JOIN order_attribution attribution ON attribution.order_id = o.id
    JOIN affiliates a ON a.id = attribution.affiliate_id AND a.site = o.site AND a.status = 'ACTIVE' AND a.master_id IS NOT NULL
    WHERE o.id = ? AND NOT EXISTS (SELECT 1 FROM accounts buyer WHERE buyer.id = o.customer_id AND (buyer.id = a.master_id OR buyer.master_id = a.master_id))`)
    .bind(orderId)
    .first<PaidOrder>();
  return order ? [commissionStatement(db, orderId, now, "AFFILIATE", order)] : [];
}

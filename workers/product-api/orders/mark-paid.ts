import type { OrderRow } from "./queries";
import { whenPaidStatements } from "./when-paid";

/**
 * The statements of one batch that mark a PENDING order paid: the order (only while still PENDING and, for an online
 * payment, only if its attempt is PAID), the confirmation e-mail when that update changed the row, its cart closed,
 * and whatever else a payment brings (whenPaidStatements). A replay or a second payment changes nothing.
 */
export async function markPaidStatements(
  env: ProductApiEnv,
  order: OrderRow,
  now: string,
  email: { subject: string; body: string },
  paymentId?: string,
) {
  const db = env.STORE_DB;
  const paidAttempt = paymentId ? " AND EXISTS (SELECT 1 FROM payments WHERE id = ? AND status = 'PAID')" : "";
  return [
    db
      .prepare(
        `UPDATE orders SET payment_status = 'PAID', paid_at = ? WHERE id = ? AND payment_status = 'PENDING'${paidAttempt}`,
      )
      .bind(now, order.id, ...(paymentId ? [paymentId] : [])),
    // changes(): the e-mail goes out only when the statement before actually marked the order paid.
    db
      .prepare(
        "INSERT INTO email_outbox (site, to_address, subject, body_text, kind, created_at) SELECT ?, ?, ?, ?, 'order-confirmation', ? WHERE changes() = 1",
      )
      .bind(order.site, order.email, email.subject, email.body, now),
    db
      .prepare(
        "UPDATE carts SET closed_at = ? WHERE id = ? AND closed_at IS NULL AND EXISTS (SELECT 1 FROM orders WHERE id = ? AND payment_status = 'PAID')",
      )
      .bind(now, order.cartId, order.id),
    // Awaited: what a payment brings may need to read first (a commission reads the order's group).
    ...(await whenPaidStatements(env, order.id, now)),
  ];
}

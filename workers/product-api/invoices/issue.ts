/**
 * The statements that issue a paid order's invoice, for the batch that marks the order paid (a D1 batch is one
 * transaction). Each is guarded by "the order is PAID and has no invoice yet", so a replayed or concurrent payment
 * event issues none, and the site's counter for the year moves only when the invoice that takes its number goes in:
 * numbers have no gaps. The year is the payment's, in UTC.
 *
 * Numbers follow the issue date (docs/decisions/0034): an invoice is issued at `now`, or at the issue of the invoice
 * numbered just before it if that is later (another worker's clock a moment ahead, or a back-dated payment recorded
 * after a newer one), so a higher number never carries an earlier date. The payment's own date stays on the order.
 * Migration 0016's triggers refuse any other insert.
 */
export function invoiceStatements(db: D1Database, orderId: number, now: string): D1PreparedStatement[] {
  const year = new Date(now).getUTCFullYear();
  const needsInvoice =
    "EXISTS (SELECT 1 FROM orders WHERE id = ? AND payment_status = 'PAID') AND NOT EXISTS (SELECT 1 FROM invoices WHERE order_id = ?)";
  return [
    db
      .prepare(`INSERT INTO invoice_counters (site, year, last) SELECT site, ?, 0 FROM orders WHERE id = ? AND ${needsInvoice}
      ON CONFLICT (site, year) DO NOTHING`)
      .bind(year, orderId, orderId, orderId),
    db
      .prepare(
        `UPDATE invoice_counters SET last = last + 1 WHERE site = (SELECT site FROM orders WHERE id = ?) AND year = ? AND ${needsInvoice}`,
      )
      .bind(orderId, year, orderId, orderId),
    db
      .prepare(`INSERT INTO invoices (site, year, sequence, number, order_id, account_id, issued_at)
      SELECT o.site, c.year, c.last, o.site || '-' || c.year || '-' || printf('%06d', c.last), o.id, o.customer_id,
        MAX(?, COALESCE((SELECT p.issued_at FROM invoices p WHERE p.site = o.site AND p.year = c.year AND p.sequence = c.last - 1), ''))
      FROM orders o JOIN invoice_counters c ON c.site = o.site AND c.year = ?
      WHERE o.id = ? AND ${needsInvoice}`)
      .bind(now, year, orderId, orderId, orderId),
  ];
}

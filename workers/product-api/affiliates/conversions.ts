import type { Totals } from "@contract/api/totals";
import type { Logger } from "@contract/observability/log";
import { invoiceTotals } from "@contract/pricing/totals";
import { rows, sql } from "../db/query";
import { affiliateNetworkOf } from "./configured-network";
import type { ConversionReport } from "./network";

/** Attempts before a conversion ends FAILED: about two hours of the quarter-hourly retries (wrangler.jsonc's cron). */
export const MAX_REPORT_ATTEMPTS = 8;
/** The retries leave a conversion this long to the report made when it was paid. */
const FIRST_ATTEMPT_MS = 10 * 60_000;

type OrderForConversion = {
  site: string;
  affiliateId: number | null;
  awc: string | null;
  currency: string;
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
 * The conversion of an order paid in this batch whose attribution names an ACTIVE affiliate of its site or an awc: one
 * row per order (its primary key), inserted only while the order is PAID, worth the order's total without VAT.
 */
export async function conversionStatements(
  env: ProductApiEnv,
  orderId: number,
  now: string,
): Promise<D1PreparedStatement[]> {
  const db = env.STORE_DB;
  const order = await db
    .prepare(`SELECT o.site, a.id AS affiliateId, attribution.awc, o.currency, o.subtotal, o.discount, o.shipping,
      o.vat_rate AS vatRate, o.vat, o.total, o.promotion_code AS promotionCode, o.discount_percent AS discountPercent
    FROM orders o JOIN order_attribution attribution ON attribution.order_id = o.id
    LEFT JOIN affiliates a ON a.id = attribution.affiliate_id AND a.site = o.site AND a.status = 'ACTIVE'
    WHERE o.id = ?`)
    .bind(orderId)
    .first<OrderForConversion>();
  if (!order || (order.affiliateId === null && order.awc === null)) return [];
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
  return [
    db
      .prepare(`INSERT INTO affiliate_conversions (order_id, site, network, affiliate_id, awc, amount, currency, status, attempts, created_at)
      SELECT ?, ?, ?, ?, ?, ?, ?, 'PENDING', 0, ? WHERE EXISTS (SELECT 1 FROM orders WHERE id = ? AND payment_status = 'PAID')
      ON CONFLICT (order_id) DO NOTHING`)
      .bind(
        orderId,
        order.site,
        affiliateNetworkOf(env).name,
        order.affiliateId,
        order.awc,
        invoiceTotals(totals).net,
        order.currency,
        now,
        orderId,
      ),
  ];
}

type PendingConversion = ConversionReport & { orderId: number; attempts: number };

const PENDING = sql`SELECT c.order_id AS orderId, o.public_id AS orderRef, c.site, c.affiliate_id AS affiliateId, c.awc, c.amount, c.currency,
    o.paid_at AS paidAt, c.attempts
  FROM affiliate_conversions c JOIN orders o ON o.id = c.order_id`;

/**
 * One attempt: claimed first (the attempt count moves only from the value read, so two callers never send the same
 * attempt), then reported; REPORTED with the network's reference, or PENDING with the error to try again, or FAILED
 * when the network refused it or the attempts are used up. The network keys a conversion by its order, so an attempt
 * whose answer was lost cannot count twice there.
 */
async function attempt(env: ProductApiEnv, log: Logger, conversion: PendingConversion) {
  const db = env.STORE_DB;
  const claimed = await db
    .prepare(`UPDATE affiliate_conversions SET attempts = attempts + 1
    WHERE order_id = ? AND status = 'PENDING' AND attempts = ? RETURNING attempts`)
    .bind(conversion.orderId, conversion.attempts)
    .first<{ attempts: number }>();
  if (!claimed) return "skipped" as const;
  const outcome = await affiliateNetworkOf(env)
    .report(conversion)
    .catch((error: unknown) => ({
      ok: false as const,
      error: `no answer: ${String(error)}`.slice(0, 300),
      retry: true,
    }));
  const now = new Date().toISOString();
  if (outcome.ok) {
    await db
      .prepare(
        "UPDATE affiliate_conversions SET status = 'REPORTED', reference = ?, reported_at = ?, last_error = NULL WHERE order_id = ? AND status = 'PENDING'",
      )
      .bind(outcome.reference, now, conversion.orderId)
      .run();
    return "reported" as const;
  }
  const final = !outcome.retry || claimed.attempts >= MAX_REPORT_ATTEMPTS;
  log.line(
    "WARN",
    `Conversion of order ${conversion.orderRef} not reported (attempt ${claimed.attempts}): ${outcome.error}`,
    { final },
  );
  await db
    .prepare("UPDATE affiliate_conversions SET status = ?, last_error = ? WHERE order_id = ? AND status = 'PENDING'")
    .bind(final ? "FAILED" : "PENDING", outcome.error, conversion.orderId)
    .run();
  return final ? ("failed" as const) : ("retrying" as const);
}

/** Reports the conversion of an order just paid, if it has one not tried yet (waitUntil after the payment's batch). */
export async function reportConversionOf(env: ProductApiEnv, log: Logger, orderId: number) {
  const [conversion] = await rows<PendingConversion>(
    env,
    sql`${PENDING} WHERE c.order_id = ${orderId} AND c.status = 'PENDING' AND c.attempts = 0`,
  );
  if (conversion) await attempt(env, log, conversion);
}

/**
 * The retries (the scheduled handler, every quarter hour): conversions still PENDING once the report made at payment
 * had its time, oldest first, one at a time. Returns what became of each.
 */
export async function reportDueConversions(
  env: ProductApiEnv,
  log: Logger,
  { firstAttemptMs = FIRST_ATTEMPT_MS, limit = 50 } = {},
) {
  const before = new Date(Date.now() - firstAttemptMs).toISOString();
  const due = await rows<PendingConversion>(
    env,
    sql`${PENDING} WHERE c.status = 'PENDING' AND c.created_at <= ${before}
    ORDER BY c.created_at LIMIT ${limit}`,
  );
  const outcomes = { reported: 0, retrying: 0, failed: 0, skipped: 0 };
  for (const conversion of due) outcomes[await attempt(env, log, conversion)]++;
  return outcomes;
}

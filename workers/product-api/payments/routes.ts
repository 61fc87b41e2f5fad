import { Hono } from "hono";
import { API_ERROR_CODES } from "@contract/api/errors";
import { paymentEventParams, paymentReferenceParams, paymentStartParams, type Payment } from "@contract/api/orders";
import { brandBySlug } from "@contract/brands/brands";
import { reportConversionOf } from "../affiliates/conversions";
import { firstRow, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { orderConfirmationEmail } from "../orders/email";
import { orderRowBy } from "../orders/queries";
import { orderView } from "../orders/view";
import { markPaidStatements } from "../orders/mark-paid";

const PAYMENT_SELECT = sql`SELECT p.id, o.public_id AS orderPublicId, p.provider, p.method, p.amount, p.currency, p.status, o.site,
  p.provider_reference AS providerReference FROM payments p JOIN orders o ON o.id = p.order_id`;

async function paymentById(env: ProductApiEnv, id: string) {
  return firstRow<Payment>(env, sql`${PAYMENT_SELECT} WHERE p.id = ${id}`);
}

const randomHex = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, "0")).join("");

const ATTEMPT_STATUS = {
  "payment.succeeded": "PAID",
  "payment.failed": "FAILED",
  "payment.canceled": "CANCELED",
} as const;

export const payments = new Hono<ProductApi>()
  /**
   * Starts a payment attempt for the order's total. A still-open attempt with the same method and provider is
   * handed back instead of a second one, so double submits lead to one provider page.
   */
  .post("/", validate("form", paymentStartParams), async (c) => {
    const body = c.req.valid("form");
    const order = await orderRowBy(c.env, sql`public_id = ${body.order} AND ext_session_id = ${body.ext_session_id}`);
    if (!order) return apiError(c, 404, API_ERROR_CODES.notFound, "Order not found");
    if (order.paymentStatus !== "PENDING")
      return apiError(c, 409, API_ERROR_CODES.paymentRefused, `The order is ${order.paymentStatus}`);
    if (order.paymentType !== "ONLINE_PREPAID" || order.paymentMethod !== body.method) {
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "The order is not paid online with this method");
    }
    const now = new Date().toISOString();
    // One statement: concurrent starts cannot both see "no open attempt" and insert two.
    await c.env.STORE_DB.prepare(`INSERT INTO payments (id, order_id, provider, method, amount, currency, status, created_at, updated_at)
      SELECT ?, ?, ?, ?, ?, ?, 'PENDING', ?, ? WHERE NOT EXISTS
        (SELECT 1 FROM payments WHERE order_id = ? AND status = 'PENDING' AND provider = ? AND method = ? AND amount = ?)`)
      .bind(
        `pay_${randomHex(16)}`,
        order.id,
        body.provider,
        body.method,
        order.total,
        order.currency,
        now,
        now,
        order.id,
        body.provider,
        body.method,
        order.total,
      )
      .run();
    const payment = await firstRow<Payment>(
      c.env,
      sql`${PAYMENT_SELECT} WHERE p.order_id = ${order.id} AND p.status = 'PENDING'
      AND p.provider = ${body.provider} AND p.method = ${body.method} ORDER BY p.created_at LIMIT 1`,
    );
    return c.json(payment, 201);
  })
  .get("/:id", async (c) => {
    const payment = await paymentById(c.env, c.req.param("id"));
    // 5004: the storefront reads an unknown attempt as "nothing found".
    if (!payment) return apiError(c, 404, API_ERROR_CODES.noResults, "Payment not found");
    return c.json(payment);
  })
  /**
   * Records the provider's id of an attempt (its hosted page's session). Only the first is kept, so two tabs starting
   * the same attempt at once agree on one session: the answer is the attempt as stored, with the reference that won.
   */
  .post("/:id/reference", validate("form", paymentReferenceParams), async (c) => {
    const id = c.req.param("id");
    await c.env.STORE_DB.prepare(
      "UPDATE payments SET provider_reference = ?, updated_at = ? WHERE id = ? AND provider_reference IS NULL",
    )
      .bind(c.req.valid("form").reference, new Date().toISOString(), id)
      .run();
    const payment = await paymentById(c.env, id);
    if (!payment) return apiError(c, 404, API_ERROR_CODES.notFound, "Payment not found");
    return c.json(payment);
  })
  /**
   * The provider's verified event. Idempotent by event id: a replay answers `{ replayed: true }`. Every change is
   * guarded by the state it leaves, in one batch, so even two copies of an event arriving together change things once.
   */
  .post("/:id/events", validate("form", paymentEventParams), async (c) => {
    const body = c.req.valid("form");
    const payment = await paymentById(c.env, c.req.param("id"));
    if (!payment) return apiError(c, 404, API_ERROR_CODES.notFound, "Payment not found");
    const order = (await orderRowBy(c.env, sql`public_id = ${payment.orderPublicId}`))!;
    const brand = brandBySlug(order.site)!;
    const now = new Date().toISOString();
    const db = c.env.STORE_DB;
    const status = ATTEMPT_STATUS[body.type];
    const statements = [
      db
        .prepare(
          "INSERT INTO payment_events (event_id, payment_id, type, received_at) VALUES (?, ?, ?, ?) ON CONFLICT(event_id) DO NOTHING RETURNING event_id",
        )
        .bind(body.event_id, payment.id, body.type, now),
      // Only an open attempt moves; a settled one keeps its outcome.
      db
        .prepare(
          "UPDATE payments SET status = ?, updated_at = ? WHERE id = ? AND status = 'PENDING' AND NOT EXISTS (SELECT 1 FROM payment_events WHERE event_id = ? AND payment_id != ?)",
        )
        .bind(status, now, payment.id, body.event_id, payment.id),
    ];
    if (status === "PAID") {
      const paidView = { ...(await orderView(c.env, order)), paymentStatus: "PAID" as const, paidAt: now };
      statements.push(
        ...(await markPaidStatements(
          c.env,
          order,
          now,
          orderConfirmationEmail(paidView, brand, body.site_url),
          payment.id,
        )),
      );
    }
    const [recorded] = await db.batch<{ event_id: string }>(statements);
    const replayed = !recorded?.results.length;
    // The order's affiliate conversion, if it has one, goes to the network now; retries are the scheduled handler's.
    if (!replayed && status === "PAID") c.executionCtx.waitUntil(reportConversionOf(c.env, c.get("log"), order.id));
    if (!replayed && status === "PAID" && order.paymentStatus === "CANCELED") {
      // Paid for an order the shopper replaced meanwhile: the attempt shows PAID, an operator refunds it.
      c.get("log").line("WARN", `Payment ${payment.id} succeeded for cancelled order ${order.publicId}`);
    }
    return c.json({ replayed });
  });

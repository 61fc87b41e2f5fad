import { Hono, type Context } from "hono";
import { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import { ORDER_STATUS_CODES, SHIPMENT_STATUSES, type ShipmentStatus } from "@contract/api/orders";
import { brandBySlug } from "@contract/brands/brands";
import { firstRow, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { reportConversionOf } from "../affiliates/conversions";
import { demoAccounts } from "./demo-accounts";
import { demoMarketing } from "./demo-marketing";
import { orderConfirmationEmail } from "../orders/email";
import { markPaidStatements } from "../orders/mark-paid";
import { findOrder, type OrderRow } from "../orders/queries";
import { applyMove, FINAL_STATUSES, nextMove, type Move, type OrderState } from "../orders/transitions";
import { orderView } from "../orders/view";

const list = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const status = z
  .object({
    status_code: z.coerce
      .number()
      .int()
      .refine((code) => (ORDER_STATUS_CODES as readonly number[]).includes(code), "unknown status code")
      .optional(),
    shipment_status: z.enum(SHIPMENT_STATUSES).optional(),
  })
  .refine(
    (value) => value.status_code !== undefined || value.shipment_status !== undefined,
    "status_code or shipment_status is required",
  );

const received = z.object({
  site_url: z
    .url({ protocol: /^https?$/ })
    .max(200)
    .optional(),
});

const randomDigits = (count: number) =>
  [...crypto.getRandomValues(new Uint8Array(count))].map((byte) => byte % 10).join("");
const randomId = () =>
  [...crypto.getRandomValues(new Uint8Array(12))].map((byte) => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[byte % 32]).join("");

const shipmentOf = (order: OrderRow) =>
  JSON.parse(order.shipment) as { deliveryType?: string; carrier?: string | null };

const stateOf = (order: OrderRow): OrderState => ({
  statusCode: order.statusCode,
  shipmentStatus: order.shipmentStatus as ShipmentStatus | null,
  deliveryType: shipmentOf(order).deliveryType ?? "ADDRESS",
  paymentStatus: order.paymentStatus,
});

/**
 * Applies a checked move in one batch: the order row (only if nobody moved it meanwhile), its event and side effects.
 */
async function move(c: Context<ProductApi>, order: OrderRow, wanted: Move) {
  const outcome = applyMove(stateOf(order), wanted);
  if (!outcome.ok) return apiError(c, 409, API_ERROR_CODES.conflict, outcome.message);
  const now = new Date().toISOString();
  const carrier = shipmentOf(order).carrier;
  // The carrier's reference is known from the moment the parcel leaves.
  const reference =
    outcome.statusCode === 9 && !order.trackingReference && carrier
      ? `${carrier}-${randomDigits(11)}`
      : order.trackingReference;
  const canceled = outcome.statusCode === 10;
  const paymentStatus = canceled && order.paymentStatus !== "PAID" ? "CANCELED" : order.paymentStatus;
  const db = c.env.STORE_DB;
  const [updated] = await db.batch([
    db
      .prepare(`UPDATE orders SET status_code = ?, shipment_status = ?, tracking_reference = ?, payment_status = ?
      WHERE id = ? AND status_code = ? AND shipment_status IS ?`)
      .bind(
        outcome.statusCode,
        outcome.shipmentStatus,
        reference,
        paymentStatus,
        order.id,
        order.statusCode,
        order.shipmentStatus,
      ),
    db
      .prepare(
        "INSERT INTO order_events (order_id, status_code, shipment_status, created_at) SELECT ?, ?, ?, ? WHERE changes() = 1",
      )
      .bind(order.id, outcome.statusCode, outcome.shipmentStatus, now),
    // A paid order that is canceled is refunded: the shopper is asked where to.
    ...(canceled && order.paymentStatus === "PAID"
      ? [
          db
            .prepare(
              "INSERT INTO user_required_actions (public_id, order_id, type, created_at) SELECT ?, ?, 'PROVIDE_DATA_TO_REFUND', ? WHERE changes() = 1",
            )
            .bind(randomId(), order.id, now),
        ]
      : []),
  ]);
  if (!updated?.meta.changes)
    return apiError(c, 409, API_ERROR_CODES.conflict, "The order changed meanwhile: try again");
  return c.json(await orderView(c.env, (await findOrder(c.env, order.publicId))!));
}

/**
 * Moving orders through production and shipment by hand (`npm run order:status`), as the factory and the carriers
 * would. Development and tests only: everywhere else it does not exist.
 */
export const operator = new Hono<ProductApi>()
  .use(async (c, next) => {
    if (c.env.EXPOSE_DEV_ENDPOINTS !== "true")
      return apiError(c, 404, API_ERROR_CODES.notFound, `No endpoint ${c.req.method} ${c.req.path}`);
    await next();
  })
  // Demo accounts and their data for local use (demo-accounts.ts).
  .route("/demo-accounts", demoAccounts)
  .route("/demo-marketing", demoMarketing)
  .get("/orders", validate("query", list), async (c) => {
    const { limit } = c.req.valid("query");
    const items = await rows(
      c.env,
      sql`SELECT public_id AS publicId, site, email, status_code AS statusCode, shipment_status AS shipmentStatus,
      payment_status AS paymentStatus, total, currency, created_at AS createdAt FROM orders ORDER BY id DESC LIMIT ${limit}`,
    );
    return c.json({ items });
  })
  .get("/orders/:publicId", async (c) => {
    const order = await findOrder(c.env, c.req.param("publicId"));
    return order
      ? c.json(await orderView(c.env, order))
      : apiError(c, 404, API_ERROR_CODES.notFound, "Order not found");
  })
  .post("/orders/:publicId/status", validate("form", status), async (c) => {
    const body = c.req.valid("form");
    const order = await findOrder(c.env, c.req.param("publicId"));
    if (!order) return apiError(c, 404, API_ERROR_CODES.notFound, "Order not found");
    return move(c, order, { statusCode: body.status_code, shipmentStatus: body.shipment_status });
  })
  /**
   * A bank transfer (or bank receipt) received: the order becomes PAID with the same statements as an online payment
   * (confirmation e-mail, cart closed, invoice issued). Recording it again changes nothing.
   */
  .post("/orders/:publicId/paid", validate("form", received), async (c) => {
    const order = await findOrder(c.env, c.req.param("publicId"));
    if (!order) return apiError(c, 404, API_ERROR_CODES.notFound, "Order not found");
    if (order.paymentType === "ONLINE_PREPAID")
      return apiError(c, 409, API_ERROR_CODES.conflict, "Paid online: only its payment provider marks it paid");
    if (order.paymentStatus === "CANCELED") return apiError(c, 409, API_ERROR_CODES.conflict, "The order is cancelled");
    const brand = brandBySlug(order.site)!;
    const now = new Date().toISOString();
    const paidView = { ...(await orderView(c.env, order)), paymentStatus: "PAID" as const, paidAt: now };
    const siteUrl = c.req.valid("form").site_url ?? `https://${brand.hosts[0]}`;
    await c.env.STORE_DB.batch(
      await markPaidStatements(c.env, order, now, orderConfirmationEmail(paidView, brand, siteUrl)),
    );
    c.executionCtx.waitUntil(reportConversionOf(c.env, c.get("log"), order.id));
    const invoice = await firstRow<{ number: string }>(
      c.env,
      sql`SELECT number FROM invoices WHERE order_id = ${order.id}`,
    );
    return c.json({
      ...(await orderView(c.env, (await findOrder(c.env, order.publicId))!)),
      invoiceNumber: invoice?.number ?? null,
    });
  })
  .post("/orders/:publicId/advance", async (c) => {
    const order = await findOrder(c.env, c.req.param("publicId"));
    if (!order) return apiError(c, 404, API_ERROR_CODES.notFound, "Order not found");
    // A final order gets the same refusal as an explicit move out of it.
    if (FINAL_STATUSES.includes(order.statusCode)) return move(c, order, { statusCode: order.statusCode });
    const next = nextMove(stateOf(order));
    if (!next)
      return apiError(
        c,
        409,
        API_ERROR_CODES.conflict,
        `Status ${order.statusCode} has no natural next step: set one with a status code`,
      );
    return move(c, order, next);
  });

import { Hono } from "hono";
import { API_ERROR_CODES } from "@contract/api/errors";
import { refundAnswerParams, trackingLookupParams, trackingParams } from "@contract/api/orders";
import { firstRow, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { findOrder } from "../orders/queries";
import { orderView } from "../orders/view";

/** The same answer for a wrong id, a wrong e-mail or another site's order: nothing to learn by guessing. */
const noOrder = (c: Parameters<typeof apiError>[0]) => apiError(c, 404, API_ERROR_CODES.noResults, "No order matches");

/**
 * Order tracking for shoppers. The storefront decides who may see an order (its session's looked-up or placed
 * orders); the lookup is how a visitor proves an order is theirs: its public id and the e-mail it was placed with.
 */
export const tracking = new Hono<ProductApi>()
  .post("/lookup", validate("form", trackingLookupParams), async (c) => {
    const body = c.req.valid("form");
    const found = await firstRow<{ publicId: string }>(
      c.env,
      sql`SELECT public_id AS publicId FROM orders
      WHERE site = ${body.site} AND public_id = ${body.public_id} AND LOWER(TRIM(email)) = ${body.email}`,
    );
    return found ? c.json(found) : noOrder(c);
  })
  .get("/:publicId", validate("query", trackingParams), async (c) => {
    const order = await findOrder(c.env, c.req.param("publicId"), c.req.valid("query").site);
    return order ? c.json(await orderView(c.env, order)) : noOrder(c);
  })
  /**
   * Answers a required action once: the UPDATE only touches an unanswered action, so two racing answers cannot both
   * land.
   */
  .post("/:publicId/actions/:actionId", validate("form", refundAnswerParams), async (c) => {
    const { site, ...refund } = c.req.valid("form");
    const actionId = c.req.param("actionId");
    const order = await findOrder(c.env, c.req.param("publicId"), site);
    const action = order
      ? await firstRow<{ resolvedAt: string | null }>(
          c.env,
          sql`SELECT resolved_at AS resolvedAt FROM user_required_actions
          WHERE public_id = ${actionId} AND order_id = ${order.id}`,
        )
      : undefined;
    if (!order || !action) return noOrder(c);
    const stored = await rows<{ publicId: string }>(
      c.env,
      sql`UPDATE user_required_actions
      SET answer = ${JSON.stringify(refund)}, resolved_at = ${new Date().toISOString()}
      WHERE public_id = ${actionId} AND order_id = ${order.id} AND resolved_at IS NULL RETURNING public_id AS publicId`,
    );
    if (!stored.length)
      return apiError(
        c,
        409,
        API_ERROR_CODES.conflict,
        "This action was already answered: the answer cannot be changed",
      );
    const view = await orderView(c.env, order);
    return c.json(view.userRequiredActions.find((item) => item.publicId === actionId));
  });

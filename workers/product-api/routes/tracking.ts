import { Hono } from "hono";
import { z } from "zod";
import { refundDataSchema } from "@contract/api/orders";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, rows, sql } from "../db/query";
import { apiError, zValidator, type ProductApi } from "../http";
import { findOrder, orderView } from "../order-view";

const site = z.object({ site: z.string().min(1) });
const lookup = site.extend({ public_id: z.string().trim().min(1).max(64), email: z.string().trim().toLowerCase().min(1).max(254) });
const answer = site.extend({ holder: z.string(), iban: z.string() });

/** The same answer for a wrong id, a wrong e-mail or another site's order: nothing to learn by guessing. */
const noOrder = (c: Parameters<typeof apiError>[0]) => apiError(c, 404, API_ERROR_CODES.noResults, "No order matches");

/**
 * Order tracking for shoppers. The storefront decides who may see an order (its session's looked-up or placed
 * orders); the lookup is how a visitor proves an order is theirs: its public id and the e-mail it was placed with.
 */
export const tracking = new Hono<ProductApi>()
  .post("/lookup", zValidator("form", lookup), async (c) => {
    const body = lookup.parse(await c.req.parseBody());
    const found = await firstRow<{ publicId: string }>(c.env, sql`SELECT public_id AS publicId FROM orders
      WHERE site = ${body.site} AND public_id = ${body.public_id} AND LOWER(TRIM(email)) = ${body.email}`);
    return found ? c.json(found) : noOrder(c);
  })
  .get("/:publicId", zValidator("query", site), async (c) => {
    const order = await findOrder(c.env, c.req.param("publicId"), site.parse(c.req.query()).site);
    return order ? c.json(await orderView(c.env, order)) : noOrder(c);
  })
  /** Answers a required action once: the UPDATE only touches an unanswered action, so two racing answers cannot both land. */
  .post("/:publicId/actions/:actionId", zValidator("form", answer), async (c) => {
    const body = answer.parse(await c.req.parseBody());
    const order = await findOrder(c.env, c.req.param("publicId"), body.site);
    const action = order
      ? await firstRow<{ resolvedAt: string | null }>(c.env, sql`SELECT resolved_at AS resolvedAt FROM user_required_actions
          WHERE public_id = ${c.req.param("actionId")} AND order_id = ${order.id}`)
      : undefined;
    if (!order || !action) return noOrder(c);
    const refund = refundDataSchema.safeParse(body);
    if (!refund.success) {
      const message = refund.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, message);
    }
    const stored = await rows<{ publicId: string }>(c.env, sql`UPDATE user_required_actions
      SET answer = ${JSON.stringify(refund.data)}, resolved_at = ${new Date().toISOString()}
      WHERE public_id = ${c.req.param("actionId")} AND order_id = ${order.id} AND resolved_at IS NULL RETURNING public_id AS publicId`);
    if (!stored.length) return apiError(c, 409, API_ERROR_CODES.conflict, "This action was already answered: the answer cannot be changed");
    const view = await orderView(c.env, order);
    return c.json(view.userRequiredActions.find((item) => item.publicId === c.req.param("actionId")));
  });

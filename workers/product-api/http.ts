import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { zValidator } from "./validator";

export type ProductApi = { Bindings: ProductApiEnv };

/** The product API's one error shape: `{ error: { code, message } }`, plus any data the caller should still get. */
export function apiError(c: Context, status: ContentfulStatusCode, code: number, message: string, extra: object = {}) {
  return c.json({ ...extra, error: { code, message } }, status);
}

export { zValidator };

/**
 * Who is calling about their own data (a cart, its checkout, an order): the storefront session's ext_session_id and,
 * for a logged-in visitor, the customer's id, which makes their carts and orders follow them from session to session.
 */
export const customerIdParam = z.string().min(1).max(64);
export const visitorParams = z.object({ ext_session_id: z.string().min(1).max(100), customer_id: customerIdParam.optional() });

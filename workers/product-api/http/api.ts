import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type ProductApi = { Bindings: ProductApiEnv };

/** The product API's one error shape: `{ error: { code, message } }`, plus any data the caller should still get. */
export function apiError(c: Context, status: ContentfulStatusCode, code: number, message: string, extra: object = {}) {
  return c.json({ ...extra, error: { code, message } }, status);
}

import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "@contract/observability/log";

/** The product API's bindings, and the request's Logger (`c.get("log")`, set by its first middleware). */
export type ProductApi = { Bindings: ProductApiEnv; Variables: { log: Logger } };

/** The product API's one error shape: `{ error: { code, message } }`, plus any data the caller should still get. */
export function apiError(c: Context, status: ContentfulStatusCode, code: number, message: string, extra: object = {}) {
  return c.json({ ...extra, error: { code, message } }, status);
}

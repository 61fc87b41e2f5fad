import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody } from "@contract/http/errors";
import type { Logger } from "@contract/observability/log";

/** The product API's bindings, and the request's Logger (`c.get("log")`, set by its first middleware). */
export type ProductApi = { Bindings: ProductApiEnv; Variables: { log: Logger } };

/**
 * The product API's answer in the one error shape (contract/http/errors.ts) with the spec's numeric code, plus any data
 * the caller should still get (`fieldErrors`, a 5004's empty list).
 */
export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: number,
  message: string,
  { fieldErrors, ...data }: { fieldErrors?: Record<string, string>; [key: string]: unknown } = {},
) {
  return c.json(errorBody(code, message, { data, fieldErrors }), status);
}

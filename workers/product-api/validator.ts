import type { Context, MiddlewareHandler, ValidationTargets } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";

/** Validates a request part with zod and answers 400 in the API's error shape. */
export function zValidator<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return validator(target, (value, c: Context) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => `${issue.path.join(".") || target}: ${issue.message}`).join("; ");
      return c.json({ error: { code: API_ERROR_CODES.invalidRequest, message } }, 400);
    }
    return parsed.data as z.output<S>;
  }) as MiddlewareHandler;
}

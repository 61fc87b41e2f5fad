import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import { apiError } from "./api";

/** Checks a request part for `c.req.valid(target)`; a refusal answers 400 in the API's error shape, each problem as `field: message`. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const message = result.error.issues.map((issue) => `${issue.path.join(".") || target}: ${issue.message}`).join("; ");
    return apiError(c, 400, API_ERROR_CODES.invalidRequest, message);
  });
}

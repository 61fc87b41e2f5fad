import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler, ValidationTargets } from "hono";
import type { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import { issuesOf } from "@contract/http/errors";
import { apiError } from "./api";

/**
 * Checks a request part for `c.req.valid(target)`; a refusal answers 400 in the API's error shape, each problem as
 * `field: message`, and the same as `fieldErrors` (the contract's messages are translation keys the storefront shows).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const check = zValidator(
    target,
    schema,
    (result, c) => {
      if (result.success) return;
      const { message, fieldErrors } = issuesOf(result.error, target);
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, message, { fieldErrors });
    },
    // The contract's schemas have no asynchronous checks: parsed synchronously, a good deal cheaper than zod's async
    // path.
    { validationFunction: (checked, value) => checked.safeParse(value) as never },
  );
  if (target !== "form") return check;
  // A body that cannot be read as a form (a broken multipart one) is the caller's mistake, not the API's: 400.
  const readableForm: MiddlewareHandler = async (c, next) => {
    try {
      await c.req.parseBody();
    } catch {
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "form: the body is not a readable form");
    }
    return check(c, next);
  };
  return readableForm as typeof check;
}

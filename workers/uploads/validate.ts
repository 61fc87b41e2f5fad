import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import { readableBody, refuseInvalid } from "@contract/http/validate";

/**
 * Checks a request part for `c.req.valid(target)`, as the product API's validator does, in the one error shape: a body
 * of another media type answers 415, one that cannot be read 400 `badBody`, a refused value 400 `badField` with its
 * `fieldErrors`. A form is read once (its file included): the handler finds it again in `c.req.formData()`.
 */
export function validate<Target extends "form" | "json" | "query", Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const check = zValidator(target, schema, refuseInvalid(target), {
    // The contract's schemas have no asynchronous checks: parsed synchronously, a good deal cheaper than zod's async
    // path.
    validationFunction: (checked, value) => checked.safeParse(value) as never,
  });
  if (target === "query") return check;
  const readable = readableBody(target === "json" ? "json" : "form");
  const readThenCheck: MiddlewareHandler = async (c, next) => (await readable(c, async () => {})) ?? check(c, next);
  return readThenCheck as unknown as typeof check;
}

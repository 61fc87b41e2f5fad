import type { z } from "zod";
import { errorResponse, issuesOf } from "./errors";

const FORM_TYPES = ["multipart/form-data", "application/x-www-form-urlencoded"];
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

/** What reading a body needs of a Hono context (its request keeps what it read), named so contract/ imports no Hono. */
type BodyContext = {
  readonly req: { header(name: string): string | undefined; json(): Promise<unknown>; formData(): Promise<FormData> };
};

/**
 * A worker's middleware before its validator: a body of another media type answers 415 `unsupportedMediaType`, one
 * that cannot be read 400 `badBody`. What it read stays in the request (Hono's body cache) for the validator and the
 * handler: a form with a file is read once.
 */
export function readableBody(kind: "json" | "form") {
  return async (c: BodyContext, next: () => Promise<void>): Promise<Response | undefined> => {
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const json = kind === "json";
    if (json ? !JSON_TYPE.test(mediaType) : !FORM_TYPES.includes(mediaType))
      return errorResponse(
        415,
        "unsupportedMediaType",
        `Send ${json ? "JSON" : "a form"}, not ${mediaType || "nothing"}`,
      );
    try {
      await (json ? c.req.json() : c.req.formData());
    } catch {
      return errorResponse(400, "badBody", `The ${json ? "JSON" : "form"} could not be read`);
    }
    await next();
  };
}

/**
 * A validator's answer to values its schema refuses (`zValidator(target, schema, refuseInvalid(target))`): 400
 * `badField`, the issues in one line and each field's first message in `fieldErrors`.
 */
export function refuseInvalid(target: string) {
  return (result: { success: true } | { success: false; error: Pick<z.ZodError, "issues"> }) => {
    if (result.success) return;
    const { message, fieldErrors } = issuesOf(result.error, target);
    return errorResponse(400, "badField", message, { fieldErrors });
  };
}

import type { Context } from "hono";
import type { UploadPartRefusal, UploadRefusal } from "@contract/api/uploads";
import { errorBody, type HttpErrorCode } from "@contract/http/errors";
import type { FieldErrors } from "@contract/api/field-errors";
import type { Logger } from "@contract/observability/log";

/** The uploads worker's bindings, and the request's Logger (`c.get("log")`, set by its first middleware). */
export type Uploads = { Bindings: UploadsEnv; Variables: { log: Logger } };

/** A refusal in the one error shape (contract/http/errors.ts), its code one the storefront translates. */
export const refuse = (
  c: Context<Uploads>,
  status: 400 | 404 | 405 | 409 | 413 | 415 | 422 | 500,
  code: UploadRefusal | UploadPartRefusal | HttpErrorCode,
  message: string,
  { missing, fieldErrors }: { missing?: number[]; fieldErrors?: FieldErrors } = {},
) => c.json(errorBody(code, message, { details: missing ? { missing } : undefined, fieldErrors }), status);

/** Over a size limit: the limit goes with it, so the message can name it. */
export const tooLarge = (c: Context<Uploads>, maxBytes: number) =>
  c.json(
    errorBody("tooLarge", `Files may have at most ${maxBytes} bytes`, {
      details: { limitMb: Math.floor(maxBytes / 1024 / 1024) },
    }),
    413,
  );

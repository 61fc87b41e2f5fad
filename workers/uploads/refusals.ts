import type { Context } from "hono";
import type { UploadPartRefusal, UploadRefusal } from "@contract/api/uploads";
import type { Logger } from "@contract/observability/log";

/** The uploads worker's bindings, and the request's Logger (`c.get("log")`, set by its first middleware). */
export type Uploads = { Bindings: UploadsEnv; Variables: { log: Logger } };

/** A refusal in the contract's one shape (uploadRefusalSchema), for the storefront to translate. */
export const refuse = (
  c: Context<Uploads>,
  status: 400 | 404 | 409 | 413 | 415 | 422,
  code: UploadRefusal | UploadPartRefusal,
  message: string,
  extra: { missing?: number[] } = {},
) => c.json({ error: { code, message, ...extra } }, status);

/** Over a size limit: the limit goes with it, so the message can name it. */
export const tooLarge = (c: Context<Uploads>, maxBytes: number) =>
  c.json(
    {
      error: {
        code: "tooLarge",
        message: `Files may have at most ${maxBytes} bytes`,
        limitMb: Math.floor(maxBytes / 1024 / 1024),
      },
    },
    413,
  );

/** A zod failure as one line: each field and what is wrong with it. */
export const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { invoicePdfRequestSchema } from "@contract/api/invoice-pdf";
import type { Logger, LogVars } from "@contract/observability/log";
import { drainAfterAnswer } from "@contract/http/drain-body";
import { requestLogging } from "@contract/observability/request-logging";
import { invoicePdf } from "./pdf";

type InvoicePdf = { Bindings: LogVars; Variables: { log: Logger } };

/** POST / with the invoice as JSON (contract/api/invoice-pdf.ts) answers its A4 PDF; anything else a 4xx. */
const app = new Hono<InvoicePdf>()
  .use(requestLogging("invoice-pdf"))
  .use(drainAfterAnswer())
  .post(
    "/",
    zValidator("json", invoicePdfRequestSchema, (result, c) => {
      if (!result.success)
        return c.json(
          { error: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ") },
          400,
        );
    }),
    async (c) => {
      const bytes = await invoicePdf(c.req.valid("json"));
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "application/pdf" });
    },
  )
  .notFound((c) => c.json({ error: `No endpoint ${c.req.method} ${c.req.path}` }, 404))
  .onError((error, c) => {
    // A body that is no JSON at all reaches here from the validator ("Malformed JSON in request body", 400).
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status);
    c.get("log").failure("invoice-pdf failed", error);
    return c.json({ error: "Internal error" }, 500);
  });

export default app;

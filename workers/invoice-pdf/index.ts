import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { invoicePdfRequestSchema } from "@contract/api/invoice-pdf";
import type { Logger, LogVars } from "@contract/observability/log";
import { drainAfterAnswer } from "@contract/http/drain-body";
import { allowedMethods, errorBody, methodNotAllowed } from "@contract/http/errors";
import { readableBody, refuseInvalid } from "@contract/http/validate";
import { requestLogging } from "@contract/observability/request-logging";
import { invoicePdf } from "./pdf";

type InvoicePdf = { Bindings: LogVars; Variables: { log: Logger } };

/** POST / with the invoice as JSON (contract/api/invoice-pdf.ts) answers its A4 PDF; anything else a 4xx. */
const app: Hono<InvoicePdf> = new Hono<InvoicePdf>()
  .use(requestLogging("invoice-pdf"))
  .use(drainAfterAnswer())
  .post("/", readableBody("json"), zValidator("json", invoicePdfRequestSchema, refuseInvalid("json")), async (c) => {
    const bytes = await invoicePdf(c.req.valid("json"));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "Content-Type": "application/pdf" });
  })
  .notFound((c) => {
    const allow = allowedMethods(app.routes, c.req.method, c.req.path);
    if (allow.length) return methodNotAllowed(c.req.method, allow);
    return c.json(errorBody("notFound", `No endpoint ${c.req.method} ${c.req.path}`), 404);
  })
  .onError((error, c) => {
    c.get("log").failure("invoice-pdf failed", error);
    return c.json(errorBody("internal", "Internal error"), 500);
  });

export default app;

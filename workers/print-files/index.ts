import { zValidator } from "@hono/zod-validator";
import { Hono, type MiddlewareHandler } from "hono";
import {
  MAX_PRINT_JOB_BYTES,
  printFileKey,
  printFileParams,
  printJobSchema,
  printStatusKey,
  type PrintJob,
  type PrintStatus,
  type PrintTicket,
} from "@contract/api/print-files";
import { drainAfterAnswer } from "@contract/http/drain-body";
import { allowedMethods, errorBody, errorResponse, methodNotAllowed } from "@contract/http/errors";
import { readableBody, refuseInvalid } from "@contract/http/validate";
import { Logger, type LogVars } from "@contract/observability/log";
import { requestIdFrom } from "@contract/observability/request-id";
import { requestLogging } from "@contract/observability/request-logging";
import { jobOfMessage, type JobsEnv, keepJob, queueJob } from "./jobs";
import { makePrintFile, readStatus } from "./make";
import { queueRemake } from "./remake";

type Env = JobsEnv & LogVars;
type PrintFiles = { Bindings: Env; Variables: { log: Logger } };

/** A body over a job's largest size is refused before it is read. */
const jobWithinLimit: MiddlewareHandler<PrintFiles> = async (c, next) => {
  if (Number(c.req.header("content-length") ?? "0") > MAX_PRINT_JOB_BYTES)
    return errorResponse(413, "tooLarge", `A print job is at most ${MAX_PRINT_JOB_BYTES} bytes`);
  await next();
};

/** A job in the body: within its size, JSON, then the job's schema (the doors that make and that queue a line). */
const jobBody = [
  jobWithinLimit,
  readableBody("json"),
  zValidator("json", printJobSchema, refuseInvalid("json")),
] as const;

/** The queue did not take a line (a placed one or a remake): logged, and 503 for the caller to try again. */
function notQueued(log: Logger, message: string, error: unknown, fields: { order: string; line: number }) {
  log.failure(message, error, fields);
  return Response.json(errorBody("unavailable", "The print queue did not take the job: try again"), { status: 503 });
}

/**
 * Print files of ordered creator designs (docs/decisions/0048), reached by the storefront's service binding only.
 * POST /prints/jobs keeps a placed line's job and queues the line (the queue's consumer makes its file); POST /prints
 * makes a line's file now; GET /prints/:order/:line answers the kept PDF, GET /prints/:order/:line/status how it
 * stands (made, or failed and why, or queued again); POST /prints/:order/:line/remake queues the line again, to be made
 * anew from its kept job (remake.ts).
 */
const app: Hono<PrintFiles> = new Hono<PrintFiles>()
  .use(requestLogging("print-files"))
  .use(drainAfterAnswer())
  .post("/prints", ...jobBody, async (c) => {
    const job = c.req.valid("json");
    await keepJob(c.env.UPLOADS_BUCKET, job);
    const status = await makePrintFile(c.env, job);
    return c.json(status, status.state === "made" ? 201 : 422);
  })
  .post("/prints/jobs", ...jobBody, async (c) => {
    const job = c.req.valid("json");
    try {
      return c.json({ queued: await queueJob(c.env, job) }, 202);
    } catch (error) {
      return notQueued(c.get("log"), "A print job was not queued", error, { order: job.order, line: job.line });
    }
  })
  .post("/prints/:order/:line/remake", zValidator("param", printFileParams, refuseInvalid("param")), async (c) => {
    const { order, line } = c.req.valid("param");
    try {
      const outcome = await queueRemake(c.env, order, line);
      if ("refused" in outcome) {
        const { status, code, message } = outcome.refused;
        return c.json(errorBody(code, message), status);
      }
      c.get("log").line("INFO", "Print file queued to be made again", { order, line });
      return c.json(outcome.queued, 202);
    } catch (error) {
      return notQueued(c.get("log"), "A print file's remake was not queued", error, { order, line });
    }
  })
  .get("/prints/:order/:line/status", zValidator("param", printFileParams, refuseInvalid("param")), async (c) => {
    const { order, line } = c.req.valid("param");
    const status = await readStatus(c.env.UPLOADS_BUCKET, order, line);
    return status ? c.json(status) : c.json(errorBody("notFound", "No print file for this line"), 404);
  })
  .get("/prints/:order/:line", zValidator("param", printFileParams, refuseInvalid("param")), async (c) => {
    const { order, line } = c.req.valid("param");
    const status = await readStatus(c.env.UPLOADS_BUCKET, order, line);
    if (status?.state === "queued")
      return c.json(
        errorBody("conflict", `The print file is queued to be made again (since ${status.madeAt})`, {
          data: { status },
        }),
        409,
      );
    if (status?.state === "failed")
      return c.json(
        errorBody("conflict", `The print file failed its checks: ${status.reason}`, { data: { status } }),
        409,
      );
    const file = status && (await c.env.UPLOADS_BUCKET.get(printFileKey(order, line)));
    if (!file) return c.json(errorBody("notFound", "No print file for this line"), 404);
    return new Response(file.body, {
      headers: {
        "content-type": "application/pdf",
        "content-length": String(file.size),
        "content-disposition": `attachment; filename="${order}-${line}.pdf"`,
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    });
  })
  .notFound((c) => {
    const allow = allowedMethods(app.routes, c.req.method, c.req.path);
    if (allow.length) return methodNotAllowed(c.req.method, allow);
    return c.json(errorBody("notFound", `No endpoint ${c.req.method} ${c.req.path}`), 404);
  })
  .onError((error, c) => {
    c.get("log").failure("print-files failed", error);
    return c.json(errorBody("internal", "Internal error"), 500);
  });

/** Tries before a job that keeps failing (R2 unreachable, a bug) is recorded as failed and left. */
const MAX_ATTEMPTS = 3;

export default {
  fetch: app.fetch,
  /**
   * Placed orders' lines and operators' remakes, one ticket each (the job kept in R2, jobs.ts): made one at a time.
   * A ticket whose job cannot be read yet (R2 unreachable) is tried again as a failed make is.
   */
  async queue(batch, env) {
    const log = new Logger("print-files", env, requestIdFrom(null));
    for (const message of batch.messages) {
      let job: PrintJob | null = null;
      try {
        job = await jobOfMessage(env.UPLOADS_BUCKET, message.body);
        if (!job) {
          log.line("ERROR", "A print ticket with no job kept was dropped", { id: message.id });
          message.ack();
          continue;
        }
        const status = await makePrintFile(env, job);
        log.line(status.state === "made" ? "INFO" : "ERROR", `Print file ${status.state}`, { ...status });
        message.ack();
      } catch (error) {
        log.failure("Print file not made", error, { id: message.id, order: job?.order, attempts: message.attempts });
        if (job && message.attempts >= MAX_ATTEMPTS) {
          await recordFailure(env, job, error);
          message.ack();
        } else message.retry({ delaySeconds: 30 });
      }
    }
  },
} satisfies ExportedHandler<Env, PrintTicket | PrintJob>;

async function recordFailure(env: Env, job: PrintJob, error: unknown) {
  const reason = `Not made after ${MAX_ATTEMPTS} tries: ${error instanceof Error ? error.message : String(error)}`;
  await env.UPLOADS_BUCKET.put(
    printStatusKey(job.order, job.line),
    JSON.stringify({
      order: job.order,
      line: job.line,
      design: job.design,
      version: job.version,
      state: "failed",
      reason,
      pages: 0,
      bytes: 0,
      madeAt: new Date().toISOString(),
      tookMs: 0,
    } satisfies PrintStatus),
  );
}

import { printStatusKey, type PrintStatus } from "@contract/api/print-files";
import { type JobsEnv, keptJob } from "./jobs";
import { readStatus } from "./make";

/** A remake queued longer ago than this is taken as lost (its message gone): another may be asked for. */
const QUEUED_FOR_MS = 15 * 60 * 1000;

type Refusal = { status: 404 | 409; code: "notFound" | "conflict"; message: string };

/**
 * The operator asks for a line's print file again (docs/decisions/0048): the line's status becomes queued and the line
 * goes back on the queue, whose consumer makes it from the job kept when it was first queued (jobs.ts). makePrintFile
 * leaves alone only a line whose status says made for the job's version, so a queued line is made anew, the same
 * version or not; the status says queued until the consumer records made or failed. Refused for a line with no job (no
 * creator line, or none such) and while a remake is queued. Throws when the queue does not take it, the status put
 * back as it was.
 */
export async function queueRemake(
  env: JobsEnv,
  order: string,
  line: number,
): Promise<{ queued: PrintStatus } | { refused: Refusal }> {
  const [job, known] = await Promise.all([
    keptJob(env.UPLOADS_BUCKET, order, line),
    readStatus(env.UPLOADS_BUCKET, order, line),
  ]);
  if (!job) {
    if (!known) return { refused: { status: 404, code: "notFound", message: "No print file for this line" } };
    return {
      refused: {
        status: 409,
        code: "conflict",
        message: "This line's print job was not kept (made before remakes were possible): it cannot be made again here",
      },
    };
  }
  if (known?.state === "queued" && Date.now() - Date.parse(known.madeAt) < QUEUED_FOR_MS)
    return {
      refused: {
        status: 409,
        code: "conflict",
        message: `This line's print file is already queued to be made again (since ${known.madeAt})`,
      },
    };
  const queued: PrintStatus = {
    order,
    line,
    design: job.design,
    version: job.version,
    state: "queued",
    reason: null,
    pages: 0,
    bytes: 0,
    madeAt: new Date().toISOString(),
    tookMs: 0,
  };
  const key = printStatusKey(order, line);
  await env.UPLOADS_BUCKET.put(key, JSON.stringify(queued), { httpMetadata: { contentType: "application/json" } });
  try {
    await env.PRINT_JOBS.send({ order, line }, { contentType: "json" });
  } catch (error) {
    // Not queued: the line stands as it stood.
    if (known)
      await env.UPLOADS_BUCKET.put(key, JSON.stringify(known), { httpMetadata: { contentType: "application/json" } });
    else await env.UPLOADS_BUCKET.delete(key);
    throw error;
  }
  return { queued };
}

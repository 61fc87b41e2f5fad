import {
  printJobKey,
  printJobSchema,
  type PrintJob,
  type PrintTicket,
  printTicketSchema,
} from "@contract/api/print-files";
import type { PrintEnv } from "./make";

export type JobsEnv = PrintEnv & { PRINT_JOBS: Queue<PrintTicket | PrintJob> };

/**
 * A line's job, kept in R2 beside its print file (`prints/{order}/{line}.job.json`) before anything is made from it:
 * the queue carries only the line (a ticket), as a message holds at most 128 KB and a book's document up to 512 KB,
 * and an operator's remake makes the file again from the same job.
 */
export async function keepJob(bucket: R2Bucket, job: PrintJob): Promise<void> {
  await bucket.put(printJobKey(job.order, job.line), JSON.stringify(job), {
    httpMetadata: { contentType: "application/json" },
  });
}

/** The job kept for a line, or null when none was (or what is kept is no job: kept by an older worker, or damaged). */
export async function keptJob(bucket: R2Bucket, order: string, line: number): Promise<PrintJob | null> {
  const kept = await bucket.get(printJobKey(order, line));
  if (!kept) return null;
  const job = printJobSchema.safeParse(await kept.json().catch(() => null));
  return job.success ? job.data : null;
}

/** The job kept, then the line on the queue: the consumer makes its file from the kept job. */
export async function queueJob(env: JobsEnv, job: PrintJob): Promise<PrintTicket> {
  await keepJob(env.UPLOADS_BUCKET, job);
  const ticket = { order: job.order, line: job.line };
  await env.PRINT_JOBS.send(ticket, { contentType: "json" });
  return ticket;
}

/**
 * The job a queue message stands for: a ticket's kept job, or the job itself in a message sent before tickets (a
 * release may find such messages still queued); null for a message that is neither, or a ticket whose job is gone.
 */
export async function jobOfMessage(bucket: R2Bucket, body: unknown): Promise<PrintJob | null> {
  const ticket = printTicketSchema.safeParse(body);
  if (ticket.success) return keptJob(bucket, ticket.data.order, ticket.data.line);
  const job = printJobSchema.safeParse(body);
  return job.success ? job.data : null;
}

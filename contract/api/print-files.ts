import { z } from "zod";
import { creatorDesignId } from "./creator-designs";
import { designDocumentSchema, MAX_DOCUMENT_BYTES } from "../creator/document";

/**
 * The print files of ordered creator designs, made by the print-files worker (docs/decisions/0048): one PDF per
 * ordered line, kept in R2 beside the order's copies of its files, made again only for another design version or when
 * the operator asks for it again (a remake).
 */

/** An order's public id (orders.ts's PUBLIC_ID_PATTERN, not imported: the worker stays small). */
const orderPublicId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** An order line, by its position in the order (1 for the first line). */
const lineNumber = z.coerce.number().int().min(1).max(500);

/**
 * One line to print: the order, the line, the design's version and its document (read by the storefront when the
 * order was placed, with the visitor's right to it), the article's kind (its print template). Its photos are read
 * from the order's own copies (`order:{publicId}` in the uploads bucket), which the storefront kept first.
 */
export const printJobSchema = z.strictObject({
  order: orderPublicId,
  line: lineNumber,
  design: creatorDesignId,
  version: z.number().int().positive(),
  kind: z.string().regex(/^[a-z0-9-]{1,40}$/),
  document: designDocumentSchema,
});
export type PrintJob = z.infer<typeof printJobSchema>;
/** A job's largest body: its document's characters at up to three bytes each, and a few fields. */
export const MAX_PRINT_JOB_BYTES = 3 * MAX_DOCUMENT_BYTES + 1024;

/**
 * What goes on the print queue for a line: which line, not its job. A queue message holds at most 128 KB and a book's
 * document up to 512 KB, so the job is kept in R2 first (`printJobKey`) and the queue's consumer reads it from there.
 */
export const printTicketSchema = z.strictObject({ order: orderPublicId, line: lineNumber });
export type PrintTicket = z.infer<typeof printTicketSchema>;

export const printFileParams = z.object({ order: orderPublicId, line: lineNumber });

/**
 * Where a line's print file stands: made (and kept), or failed with the reason (the operator sees it), or queued to be
 * made again (a remake asked for; `madeAt` is when it was asked).
 */
export const printStatusSchema = z.object({
  order: z.string(),
  line: z.number().int(),
  design: z.string(),
  version: z.number().int(),
  state: z.enum(["made", "failed", "queued"]),
  reason: z.string().nullable(),
  pages: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** When this state was recorded. */
  madeAt: z.string(),
  /** Milliseconds the worker took. */
  tookMs: z.number().nonnegative(),
});
export type PrintStatus = z.infer<typeof printStatusSchema>;

/**
 * The R2 keys of a line's print file, its status and the job it was made from (kept for a remake), beside the order's
 * kept files.
 */
export const printFileKey = (order: string, line: number) => `prints/${order}/${line}.pdf`;
export const printStatusKey = (order: string, line: number) => `prints/${order}/${line}.json`;
export const printJobKey = (order: string, line: number) => `prints/${order}/${line}.job.json`;

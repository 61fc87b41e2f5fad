import { z } from "zod";
import { LOG_LEVELS, type Logger } from "@contract/observability/log";

export const logEntrySchema = z.object({
  level: z.enum(LOG_LEVELS),
  message: z.string().trim().min(1).max(4000),
});

export type LogEntry = z.infer<typeof logEntrySchema> & {
  session?: string | null;
  userAgent?: string | null;
  referrer?: string | null;
  url?: string | null;
};

/** The request's side of a log entry: user agent, referrer and url. */
export function requestLogFields(request: Request) {
  return {
    userAgent: request.headers.get("user-agent"),
    referrer: request.headers.get("referer"),
    url: request.url,
  };
}

/**
 * A line in the worker's logs (the entry's level and message under the request's id, and what was thrown, with its
 * stack) and a row in log_entries, the shop's own durable record. The row keeps the request's facts; the line keeps
 * none of them (the request's own line has its path).
 */
export async function writeLog(log: Logger, db: D1Database, entry: LogEntry, thrown?: unknown) {
  log.line(entry.level, entry.message, undefined, thrown);
  await storeLogEntry(db, entry);
}

/** The row in log_entries alone, for what the request's own line already says (a response's status). */
export async function storeLogEntry(db: D1Database, entry: LogEntry) {
  await db
    .prepare("INSERT INTO log_entries (level, message, session, user_agent, referrer, url) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(
      entry.level,
      entry.message,
      entry.session ?? null,
      entry.userAgent ?? null,
      entry.referrer ?? null,
      entry.url ?? null,
    )
    .run();
}

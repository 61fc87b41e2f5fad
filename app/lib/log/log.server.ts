import { z } from "zod";

export const LOG_LEVELS = ["DEBUG", "INFO", "WARN", "ERROR"] as const;

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

export async function writeLog(db: D1Database, entry: LogEntry) {
  const line = `[${entry.level}] ${entry.message}`;
  if (entry.level === "ERROR") console.error(line);
  else console.log(line);
  await db
    .prepare("INSERT INTO log_entries (level, message, session, user_agent, referrer, url) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(entry.level, entry.message, entry.session ?? null, entry.userAgent ?? null, entry.referrer ?? null, entry.url ?? null)
    .run();
}

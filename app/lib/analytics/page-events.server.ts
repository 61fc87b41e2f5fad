import { isbot } from "isbot";
import type { PageEvent } from "./page-event";

/** What the EVENTS queue carries: one page event with the request's facts. */
export type PageEventMessage = {
  eventId: string;
  category: string;
  name: string;
  url: string;
  path: string;
  title: string;
  referrer: string;
  userAgent: string | null;
  ip: string | null;
  platform: string;
  mobile: boolean;
  session: string | null;
  brand: string;
  createdAt: string;
};

const HEALTH_CHECK = /health|uptime|pingdom|statuscake|kube-probe|elb-healthchecker|googlehc|site24x7|betteruptime/i;

/** Crawlers and health checks are not visitors: their page views are not recorded. */
export function isRobot(userAgent: string | null): boolean {
  return !userAgent || isbot(userAgent) || HEALTH_CHECK.test(userAgent);
}

export function pageEventMessage(event: PageEvent, request: Request, session: string | null, brand: string): PageEventMessage {
  return {
    eventId: event.id,
    category: event.category,
    name: event.name,
    url: event.page.url,
    path: event.page.path,
    title: event.page.title,
    referrer: event.page.referrer,
    userAgent: request.headers.get("user-agent"),
    ip: request.headers.get("cf-connecting-ip"),
    platform: event.platform,
    mobile: event.mobile,
    session,
    brand,
    createdAt: new Date().toISOString(),
  };
}

const COLUMNS = [
  "event_id", "category", "name", "url", "path", "title", "referrer", "user_agent", "ip", "platform", "mobile", "session",
  "brand", "created_at",
] as const;
/** D1 binds at most 100 parameters per statement. */
const ROWS_PER_STATEMENT = Math.floor(100 / COLUMNS.length);

function values(message: PageEventMessage) {
  return [
    message.eventId, message.category, message.name, message.url, message.path, message.title, message.referrer,
    message.userAgent, message.ip, message.platform, message.mobile ? 1 : 0, message.session, message.brand, message.createdAt,
  ];
}

/** Writes a queue batch to D1 in multi-row inserts; a redelivered event id is ignored. */
export async function storePageEvents(db: D1Database, messages: readonly PageEventMessage[]) {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < messages.length; start += ROWS_PER_STATEMENT) {
    const rows = messages.slice(start, start + ROWS_PER_STATEMENT);
    const placeholders = rows.map(() => `(${COLUMNS.map(() => "?").join(", ")})`).join(", ");
    statements.push(
      db.prepare(`INSERT OR IGNORE INTO page_events (${COLUMNS.join(", ")}) VALUES ${placeholders}`).bind(...rows.flatMap(values)),
    );
  }
  if (statements.length) await db.batch(statements);
}

export async function consumePageEvents(batch: MessageBatch<PageEventMessage>, env: Env) {
  try {
    // The queue carries other kinds too (app/lib/analytics/messages.ts: affiliate hits...), which are no page events.
    const pages = batch.messages.map((message) => message.body).filter((body) => ((body as { kind?: string }).kind ?? "page") === "page");
    await storePageEvents(env.ANALYTICS_DB, pages);
    batch.ackAll();
  } catch (error) {
    console.error("Page events not stored, retrying the batch", error);
    batch.retryAll({ delaySeconds: 10 });
  }
}

/**
 * The analytics D1's raw tables and the columns the consumer writes (migrations/analytics), in row order. Import-free:
 * the seed and the benchmark use it in Node.
 */
export type RawTableColumns = { name: string; columns: readonly string[] };

export const PAGE_EVENTS = {
  name: "page_events",
  columns: [
    "event_id",
    "category",
    "name",
    "url",
    "path",
    "title",
    "referrer",
    "user_agent",
    "ip",
    "platform",
    "mobile",
    "session",
    "brand",
    "created_at",
    "visit_id",
    "landing",
    "channel",
    "source",
    "medium",
    "campaign",
  ],
} as const satisfies RawTableColumns;

export const AFFILIATE_HITS = {
  name: "affiliate_hits",
  columns: [
    "event_id",
    "brand",
    "affiliate_id",
    "campaign",
    "url",
    "domain",
    "device_footprint",
    "ip",
    "accepted",
    "created_at",
  ],
} as const satisfies RawTableColumns;

export const CONSENT_ANSWERS = {
  name: "consent_answers",
  columns: ["event_id", "brand", "ads", "analytics", "version", "created_at"],
} as const satisfies RawTableColumns;

/**
 * The proof of each consent decision (docs/decisions/0035): no rollup reads it; kept far longer than the raw events.
 */
export const CONSENT_RECORDS = {
  name: "consent_records",
  columns: [
    "event_id",
    "consent_id",
    "brand",
    "version",
    "action",
    "ad_storage",
    "ad_user_data",
    "ad_personalization",
    "analytics_storage",
    "gpc",
    "address_hash",
    "created_at",
  ],
} as const satisfies RawTableColumns;

export const DEAD_EVENTS = {
  name: "dead_events",
  columns: ["message_id", "body", "attempts", "created_at"],
} as const satisfies RawTableColumns;

/** INSERT OR IGNORE of many rows bound as ONE parameter, their JSON array of row arrays (json_each). */
export function insertJsonRowsSql(table: RawTableColumns): string {
  const values = table.columns.map((_, index) => `json_extract(value, '$[${index}]')`).join(", ");
  return `INSERT OR IGNORE INTO ${table.name} (${table.columns.join(", ")}) SELECT ${values} FROM json_each(?)`;
}

/** INSERT OR IGNORE of one row, one bound parameter per column. */
export function insertRowSql(table: RawTableColumns): string {
  return `INSERT OR IGNORE INTO ${table.name} (${table.columns.join(", ")}) VALUES (${table.columns.map(() => "?").join(", ")})`;
}

export type Row = (string | number | null)[];

/** What a page event's row is made of: a PageEventMessage (messages.ts) fits. */
type PageEventFields = {
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
  visitId?: string | null;
  landing?: boolean;
  channel?: string;
  source?: string | null;
  medium?: string | null;
  campaign?: string | null;
};

/** A page event's row of PAGE_EVENTS, as given (the consumer truncates the address first). */
export function pageEventRow(message: PageEventFields): Row {
  return [
    message.eventId,
    message.category,
    message.name,
    message.url,
    message.path,
    message.title,
    message.referrer,
    message.userAgent,
    message.ip,
    message.platform,
    message.mobile ? 1 : 0,
    message.session,
    message.brand,
    message.createdAt,
    message.visitId ?? null,
    message.landing ? 1 : 0,
    message.channel ?? "direct",
    message.source ?? null,
    message.medium ?? null,
    message.campaign ?? null,
  ];
}

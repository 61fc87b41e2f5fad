import { truncateIp } from "@contract/marketing/client-address";
import type { AffiliateHitMessage, AnalyticsMessage, ConsentMessage, ConsentRecordMessage } from "./messages";
import { ROLL_UP_PENDING, type RawTable } from "./rollups";
import {
  AFFILIATE_HITS,
  CONSENT_ANSWERS,
  CONSENT_RECORDS,
  DEAD_EVENTS,
  insertJsonRowsSql,
  PAGE_EVENTS,
  pageEventRow,
  type Row,
  type RawTableColumns,
} from "./tables";

/** A message the consumer could not read: kept as it came, for a look (dead_events). */
export type DeadMessage = { messageId: string; body: unknown; attempts: number };

function affiliateHitRow(message: AffiliateHitMessage): Row {
  return [
    message.eventId,
    message.brand,
    message.affiliateId,
    message.campaign,
    message.url,
    message.domain,
    message.deviceFootprint,
    truncateIp(message.ip),
    message.accepted ? 1 : 0,
    message.createdAt,
  ];
}

function consentRow(message: ConsentMessage): Row {
  return [
    message.eventId,
    message.brand,
    message.ads ? 1 : 0,
    message.analytics ? 1 : 0,
    message.version,
    message.createdAt,
  ];
}

function consentRecordRow(message: ConsentRecordMessage): Row {
  const { state } = message;
  return [
    message.eventId,
    message.consentId,
    message.brand,
    message.version,
    message.action,
    state.ad_storage,
    state.ad_user_data,
    state.ad_personalization,
    state.analytics_storage,
    message.gpc ? 1 : 0,
    message.addressHash,
    message.createdAt,
  ];
}

/** Rows per statement stay under this many characters of JSON: far below D1's 2 MB for one bound value. */
const JSON_CHARS_PER_STATEMENT = 256 * 1024;

export type Statement = { sql: string; params: (string | number | null)[] };

/**
 * INSERT OR IGNORE of many rows with ONE bound parameter, their JSON (json_each), so a statement stays within D1's 100
 * bound parameters at any batch size; a row whose key is stored already is skipped.
 */
function insertRows(table: RawTableColumns, rows: Row[]): Statement[] {
  const sql = insertJsonRowsSql(table);
  const statements: Statement[] = [];
  let chunk: string[] = [];
  let chars = 0;
  const flush = () => {
    if (chunk.length) statements.push({ sql, params: [`[${chunk.join(",")}]`] });
    chunk = [];
    chars = 0;
  };
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (chars + json.length > JSON_CHARS_PER_STATEMENT) flush();
    chunk.push(json);
    chars += json.length;
  }
  flush();
  return statements;
}

/**
 * Everything one delivery writes, for ONE D1 batch (one transaction): the raw rows of each kind, the dead messages,
 * then, for each table written, the daily rollups of its rows not counted yet and their mark. A redelivered event is
 * ignored by its key and so never counted twice; a failure anywhere stores and counts nothing, and the delivery is
 * retried whole.
 */
export function deliveryStatements(
  messages: readonly AnalyticsMessage[],
  dead: readonly DeadMessage[] = [],
): Statement[] {
  const pages: Row[] = [];
  const hits: Row[] = [];
  const answers: Row[] = [];
  const records: Row[] = [];
  for (const message of messages) {
    if (message.kind === "affiliate_hit") hits.push(affiliateHitRow(message));
    else if (message.kind === "consent") answers.push(consentRow(message));
    else if (message.kind === "consent_record") records.push(consentRecordRow(message));
    else pages.push(pageEventRow({ ...message, ip: truncateIp(message.ip) }));
  }
  const now = new Date().toISOString();
  const deadRows = dead.map(
    (message): Row => [message.messageId, JSON.stringify(message.body) ?? "null", message.attempts, now],
  );
  const rollUp = (table: RawTable, rows: Row[]) =>
    rows.length ? ROLL_UP_PENDING[table].map((sql): Statement => ({ sql, params: [] })) : [];
  return [
    ...insertRows(PAGE_EVENTS, pages),
    ...insertRows(AFFILIATE_HITS, hits),
    ...insertRows(CONSENT_ANSWERS, answers),
    ...insertRows(CONSENT_RECORDS, records),
    ...insertRows(DEAD_EVENTS, deadRows),
    ...rollUp("page_events", pages),
    ...rollUp("affiliate_hits", hits),
    ...rollUp("consent_answers", answers),
  ];
}

export async function runBatch(db: D1Database, statements: readonly Statement[]) {
  await db.batch(statements.map(({ sql, params }) => db.prepare(sql).bind(...params)));
}

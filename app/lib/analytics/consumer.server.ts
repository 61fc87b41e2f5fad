import type { Logger } from "@contract/observability/log";
import { writeLog } from "~/lib/log/log.server";
import { analyticsMessageSchema } from "./message-schemas.server";
import type { AnalyticsMessage } from "./messages";
import { deliveryStatements, runBatch, type DeadMessage } from "./store-events.server";

/** The dead-letter queue is named after the queue it serves, with this suffix (wrangler.jsonc). */
export const DEAD_LETTER_SUFFIX = "-dlq";

/** workers/app.ts's `queue`: the EVENTS queue's batches, and what its dead-letter queue hands over; a line for each. */
export async function handleAnalyticsQueue(batch: MessageBatch<unknown>, env: Env, log: Logger) {
  const fields = { queue: batch.queue, messages: batch.messages.length };
  if (batch.queue.endsWith(DEAD_LETTER_SUFFIX)) {
    await keepDeadMessages(batch, env.ANALYTICS_DB);
    log.line("WARN", `Dead analytics messages kept: ${fields.messages}`, fields);
    return;
  }
  const { retried } = await consumeEvents(batch, env.ANALYTICS_DB, log);
  log.line(retried ? "WARN" : "INFO", `Analytics events stored: ${fields.messages - retried} of ${fields.messages}`, {
    ...fields,
    retried,
  });
}

type Checked = { message: Message<unknown>; body: AnalyticsMessage | null };

/** A message that is no analytics message cannot succeed on a retry: it is kept in dead_events at once. */
function statementsOf(checked: readonly Checked[]) {
  const valid = checked.flatMap(({ body }) => (body ? [body] : []));
  const dead = checked.flatMap(({ message, body }): DeadMessage[] =>
    body ? [] : [{ messageId: message.id, body: message.body, attempts: message.attempts }],
  );
  return deliveryStatements(valid, dead);
}

/**
 * Writes a delivery in one D1 batch (docs/decisions/0026). If that fails, each message gets a transaction of its
 * own, so one message that cannot be stored holds back only itself: it is retried (the consumer's retry_delay) and,
 * after max_retries, goes to the dead-letter queue; the others are stored and acknowledged. Returns how many wait for
 * a retry.
 */
export async function consumeEvents(
  batch: MessageBatch<unknown>,
  db: D1Database,
  log: Logger,
): Promise<{ retried: number }> {
  const checked = batch.messages.map((message): Checked => {
    const parsed = analyticsMessageSchema.safeParse(message.body);
    return { message, body: parsed.success ? parsed.data : null };
  });
  try {
    await runBatch(db, statementsOf(checked));
    batch.ackAll();
    return { retried: 0 };
  } catch (error) {
    if (checked.length === 1) {
      await logFailure(log, db, error, checked.length);
      batch.retryAll();
      return { retried: 1 };
    }
    await logFailure(log, db, error, checked.length, "trying each message on its own");
  }
  let retried = 0;
  for (const one of checked) {
    try {
      await runBatch(db, statementsOf([one]));
      one.message.ack();
    } catch {
      one.message.retry();
      retried++;
    }
  }
  return { retried };
}

async function logFailure(log: Logger, db: D1Database, error: unknown, count: number, then = "retrying it") {
  const message = `Analytics events not stored (${count} messages), ${then}: ${error instanceof Error ? error.message : String(error)}`;
  await writeLog(log, db, { level: "ERROR", message }, error).catch(() => undefined);
}

/** The dead-letter queue's consumer: keeps each body in dead_events (once per message id), for a look. */
export async function keepDeadMessages(batch: MessageBatch<unknown>, db: D1Database) {
  const dead = batch.messages.map(
    (message): DeadMessage => ({ messageId: message.id, body: message.body, attempts: message.attempts }),
  );
  await runBatch(db, deliveryStatements([], dead));
  batch.ackAll();
}

import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

const dialect = new SQLiteAsyncDialect();

type Waiting = { statement: D1PreparedStatement; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void };

/** The reads of one request waiting for the end of the current turn (readsTogether). */
const requestReads = new AsyncLocalStorage<{ waiting: Waiting[] }>();

/**
 * Runs the rest of a request with its reads gathered: the SELECTs it starts side by side (`Promise.all` of two
 * queries) go to D1 as one batch, one round trip instead of one each. Per request, so no read waits on another
 * request's I/O.
 */
export function readsTogether<T>(next: () => Promise<T>): Promise<T> {
  return requestReads.run({ waiting: [] }, next);
}

/** Runs a hand-written query (joins over the *_texts tables) and returns its rows. */
export function rows<T>(env: ProductApiEnv, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const statement = env.STORE_DB.prepare(text).bind(...params);
  const reads = requestReads.getStore();
  if (!reads || !/^\s*(SELECT|WITH)\b/i.test(text)) return statement.all<T>().then((answer) => answer.results);
  return new Promise<T[]>((resolve, reject) => {
    if (reads.waiting.length === 0) queueMicrotask(() => void sendReads(env.STORE_DB, reads));
    reads.waiting.push({ statement, resolve: resolve as (rows: unknown[]) => void, reject });
  });
}

async function sendReads(db: D1Database, reads: { waiting: Waiting[] }) {
  const waiting = reads.waiting;
  reads.waiting = [];
  try {
    const answers =
      waiting.length === 1 ? [await waiting[0].statement.all()] : await db.batch(waiting.map((read) => read.statement));
    for (const [index, read] of waiting.entries()) read.resolve(answers[index].results);
  } catch (error) {
    for (const read of waiting) read.reject(error);
  }
}

export async function firstRow<T>(env: ProductApiEnv, query: SQL): Promise<T | undefined> {
  return (await rows<T>(env, query))[0];
}

/** `a IN (1, 2, 3)` for a list of values. */
export function inList(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

export { sql };

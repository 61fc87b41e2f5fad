import { sql, type SQL } from "drizzle-orm";
import { storeDb } from "./client";

/** Runs a hand-written query (joins over the *_texts tables) through drizzle and returns its rows. */
export async function rows<T>(env: ProductApiEnv, query: SQL): Promise<T[]> {
  return storeDb(env).all<T>(query);
}

export async function firstRow<T>(env: ProductApiEnv, query: SQL): Promise<T | undefined> {
  return (await rows<T>(env, query))[0];
}

/** `a IN (1, 2, 3)` for a list of values. */
export function inList(values: readonly (string | number)[]): SQL {
  return sql.join(values.map((value) => sql`${value}`), sql`, `);
}

export { sql };

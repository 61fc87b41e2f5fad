import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

type StoreDb = ReturnType<typeof drizzle<typeof schema>>;

/**
 * One drizzle instance per D1 binding: building one reads every table's relations (drizzle's relational config), which
 * cost about a millisecond of CPU per call when each handler made its own.
 */
const instances = new WeakMap<D1Database, StoreDb>();

export function storeDb(env: ProductApiEnv): StoreDb {
  let db = instances.get(env.STORE_DB);
  if (!db) {
    db = drizzle(env.STORE_DB, { schema });
    instances.set(env.STORE_DB, db);
  }
  return db;
}

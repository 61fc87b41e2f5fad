import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function storeDb(env: ProductApiEnv) {
  return drizzle(env.STORE_DB, { schema });
}

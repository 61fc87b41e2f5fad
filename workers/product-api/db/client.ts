import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function storeDb(env: Env) {
  return drizzle(env.STORE_DB, { schema });
}

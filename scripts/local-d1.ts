// A local D1 database of `npm start` (persisted under .wrangler/state/v3), opened from Node through Miniflare, for the
// scripts that write data no worker endpoint owns (the analytics rollups of the demo and the benchmark).
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

const PERSIST = ".wrangler/state/v3";

/** The database by its id in the wrangler configs ("storefront-analytics", "storefront-store"); dispose when done. */
export async function openLocalD1(databaseId: string) {
  const worker = new Miniflare({
    ...convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch() { return new Response(null, { status: 404 }); } };",
      compatibilityDate: "2026-10-01",
      d1Databases: { DB: databaseId },
    }),
    resourcePersistencePath: PERSIST,
  });
  const db = await worker.getD1Database("DB");
  return { db, dispose: () => worker.dispose() };
}

type Db = Awaited<ReturnType<typeof openLocalD1>>["db"];
export type Row = Record<string, string | number | null>;

/** Writes rows with multi-row INSERTs of at most 100 parameters (D1's limit), many statements per batch. */
export async function insertRows(db: Db, table: string, rows: Row[], conflict: "IGNORE" | "REPLACE" = "IGNORE") {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const perStatement = Math.max(1, Math.floor(100 / columns.length));
  const statements = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = chunk.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
    statements.push(
      db
        .prepare(`INSERT OR ${conflict} INTO ${table} (${columns.join(", ")}) VALUES ${values}`)
        .bind(...chunk.flatMap((row) => columns.map((column) => row[column] ?? null))),
    );
  }
  for (let start = 0; start < statements.length; start += 50) await db.batch(statements.slice(start, start + 50));
}

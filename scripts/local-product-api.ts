// The built product API worker (dist/product_api, from `npm run build` or `npm start`) in Miniflare on the same
// persisted local D1 that `npm start` uses, with its development endpoints open: the operator scripts call its
// /operator endpoints. A running `npm start` sees a change on its next request: both open the same SQLite file.
import { existsSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

const WORKER = "dist/product_api/index.js";
// Where `npm start` (wrangler and the Vite plugin) keeps local state; D1 lives in its d1/ folder.
const PERSIST = ".wrangler/state/v3";

export type OperatorCall = (method: string, path: string, form?: Record<string, string>) => Promise<unknown>;

/** Starts the worker, or says what to run first and exits. */
export function startLocalProductApi() {
  if (!existsSync(WORKER)) {
    console.error(`${WORKER} is missing: run \`npm run build\` (or \`npm start\`) first.`);
    process.exit(1);
  }
  const config = JSON.parse(readFileSync("dist/product_api/wrangler.json", "utf8")) as { compatibility_date: string; compatibility_flags?: string[] };
  const token = randomBytes(16).toString("hex");
  const worker = new Miniflare({
    ...convertV4MiniflareOptions({
      modules: true,
      scriptPath: WORKER,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags ?? [],
      d1Databases: { STORE_DB: "storefront-store" },
      bindings: { API_TOKEN: token, EXPOSE_DEV_ENDPOINTS: "true" },
    }),
    resourcePersistencePath: PERSIST,
  });
  /** Calls `/operator{path}`; a refusal throws with the API's message. */
  const call: OperatorCall = async (method, path, form) => {
    const response = await worker.dispatchFetch(`http://product-api.local/operator${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: form ? new URLSearchParams(form).toString() : method === "POST" ? "" : undefined,
    });
    const body = (await response.json()) as { error?: { message: string } };
    if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
    return body;
  };
  return { call, dispose: () => worker.dispose() };
}

/**
 * An operator script's run: its arguments parsed (a mistake prints the usage, exit 2), the worker started, `run`
 * called with them, a refusal printed (exit 1), and the worker stopped.
 */
export async function runOperatorScript<Options>(parseArgs: (argv: string[]) => Options, run: (options: Options, call: OperatorCall) => Promise<void>) {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const { call, dispose } = startLocalProductApi();
  try {
    await run(options, call);
  } catch (error) {
    console.error(`Refused: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await dispose();
  }
}

// The operator scripts' way to the product API's /operator endpoints: through a running storefront (its
// /api/operator door) when one runs, else the built product API worker (dist/product_api, from `npm run build` or
// `npm start`) in Miniflare on the same persisted local D1 that `npm start` uses, with its development endpoints open.
import { existsSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

const WORKER = "dist/product_api/index.js";
// Where `npm start` (wrangler and the Vite plugin) keeps local state; D1 lives in its d1/ folder.
const PERSIST = ".wrangler/state/v3";
const BUSY_ATTEMPTS = 8;

/** `landed`, for a write: after a busy failure, the write's result if it was committed after all, else null. */
export type OperatorCall = (
  method: string,
  path: string,
  form?: Record<string, string>,
  landed?: () => Promise<unknown>,
) => Promise<unknown>;

/** Starts the worker, or says what to run first and exits. */
export function startLocalProductApi() {
  if (!existsSync(WORKER)) {
    console.error(`${WORKER} is missing: run \`npm run build\` (or \`npm start\`) first.`);
    process.exit(1);
  }
  const config = JSON.parse(readFileSync("dist/product_api/wrangler.json", "utf8")) as {
    compatibility_date: string;
    compatibility_flags?: string[];
    vars?: Record<string, string>;
  };
  const token = randomBytes(16).toString("hex");
  // Two processes share the SQLite file (this one and a running `npm start` or the browser journeys' server), and
  // workerd sets no busy timeout: a call that meets the other's lock answers 500 while workerd logs SQLITE_BUSY. Such
  // a read is sent again. A write may have been committed before the failure (the lock can fail D1's bookmark after
  // the commit), so it is sent again only when the caller's `landed` check says it did not take effect.
  let busySeen = 0;
  const worker = new Miniflare({
    ...convertV4MiniflareOptions({
      modules: true,
      scriptPath: WORKER,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags ?? [],
      d1Databases: { STORE_DB: "storefront-store" },
      // The config's vars (AFFILIATE_NETWORK...) as deployed, with the development endpoints open.
      bindings: { ...config.vars, API_TOKEN: token, EXPOSE_DEV_ENDPOINTS: "true" },
    }),
    handleStructuredLogs: ({ level, message }) => {
      if (/SQLITE_BUSY|database is locked/.test(message)) busySeen++;
      else if (level === "error" || level === "warn") console.error(message);
    },
    resourcePersistencePath: PERSIST,
  });
  /** Calls `/operator{path}`; a refusal throws with the API's message. */
  const call: OperatorCall = async (method, path, form, landed) => {
    for (let attempt = 1; ; attempt++) {
      const busyBefore = busySeen;
      const response = await worker.dispatchFetch(`http://product-api.local/operator${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
        body: form ? new URLSearchParams(form).toString() : method === "POST" ? "" : undefined,
      });
      const body = (await response.json()) as { error?: { message: string } };
      if (response.ok) return body;
      if (response.status === 500 && busySeen > busyBefore && attempt < BUSY_ATTEMPTS && (method === "GET" || landed)) {
        await new Promise((done) => setTimeout(done, 150 * attempt));
        const result = method === "GET" ? null : await landed!();
        if (result) return result;
        console.error(`The local database was busy (another process wrote to it); trying again (${attempt}).`);
        continue;
      }
      if (response.status === 500 && busySeen > busyBefore) {
        throw new Error(
          `${body.error?.message ?? "HTTP 500"}: the local database was busy (another process wrote to it); look before trying again, the change may have been made`,
        );
      }
      throw new Error(body.error?.message ?? `HTTP ${response.status}`);
    }
  };
  return { call, dispose: () => worker.dispose() };
}

/**
 * The operator's calls through a running storefront (`npm start`, the browser journeys' server) at `server`, which
 * passes them to the product API: then one process writes the local database. Null when nothing answers there, or
 * when what answers does not take this machine's API_TOKEN (.dev.vars) as the operator's.
 */
async function storefrontCalls(server: string, explicit: boolean): Promise<OperatorCall | null> {
  const token = existsSync(".dev.vars")
    ? /^API_TOKEN=(.+)$/m.exec(readFileSync(".dev.vars", "utf8"))?.[1]?.trim()
    : undefined;
  if (!token) {
    if (explicit) throw new Error("--server: .dev.vars has no API_TOKEN (npm start makes one)");
    return null;
  }
  const send = (method: string, path: string, form?: Record<string, string>) =>
    fetch(`${server}/api/operator${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: form ? new URLSearchParams(form).toString() : method === "POST" ? "" : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(60_000),
    });
  try {
    const probe = await send("GET", "/orders?limit=1");
    await probe.body?.cancel();
    if (probe.status !== 200) {
      if (explicit) throw new Error(`the server at ${server} does not take operator calls (HTTP ${probe.status})`);
      console.error(
        `The server at ${server} does not take operator calls (HTTP ${probe.status}): using the local database directly.`,
      );
      return null;
    }
  } catch (error) {
    if (explicit) throw new Error(`--server ${server}: ${(error as Error).message}`);
    return null; // Nothing runs there.
  }
  return async (method, path, form) => {
    const response = await send(method, path, form);
    const body = (await response.json().catch(() => ({}))) as { error?: { message: string } };
    if (response.ok) return body;
    throw new Error(body.error?.message ?? `HTTP ${response.status}`);
  };
}

/**
 * An operator script's run: its arguments parsed (a mistake prints the usage, exit 2), `run` called with them through
 * the running storefront (by default at http://127.0.0.1:PORT or 8787) or, when none runs, through the worker started
 * here on the local database; a refusal printed (exit 1), and the worker stopped. With `--server URL`, only through
 * the storefront there.
 */
export async function runOperatorScript<Options>(
  parseArgs: (argv: string[]) => Options,
  run: (options: Options, call: OperatorCall) => Promise<void>,
) {
  let options: Options;
  const argv = process.argv.slice(2);
  const serverAt = argv.indexOf("--server");
  const server = serverAt >= 0 ? argv.splice(serverAt, 2)[1] : `http://127.0.0.1:${process.env.PORT ?? "8787"}`;
  try {
    if (!server || !URL.canParse(server))
      throw new Error("--server needs the storefront's address, like http://127.0.0.1:8787");
    options = parseArgs(argv);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  let throughServer: OperatorCall | null;
  try {
    throughServer = await storefrontCalls(server.replace(/\/+$/, ""), serverAt >= 0);
  } catch (error) {
    console.error(`Refused: ${(error as Error).message}`);
    process.exit(1);
  }
  const { call, dispose } = throughServer ? { call: throughServer, dispose: async () => {} } : startLocalProductApi();
  try {
    await run(options, call);
  } catch (error) {
    console.error(`Refused: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await dispose();
  }
}

// npm run bench: production build, client JS per route and server bundle size (gzip), then pages of one brand under
// load next to two floors served the same way (workerd behind `vite preview`), each page between two runs of its floor
// (this machine's speed drifts within a run, so a ratio takes the floor measured on either side of its page), once
// every server has been brought to its steady state (STEADY_FLOOR_ARGS, STEADY_PAGE_ARGS):
//   static-worker      a worker that returns one fixed page as large as the app's home page
//   bare-react-router  React Router framework mode on the Cloudflare Vite plugin, one index route, no data
// and, beside the cached pages for information (no budget), the static worker's page from a worker with static assets
// (static-routed): locally each of its requests passes Miniflare's asset router first, as the app's pages do.
// The app's pages (brand WPX-ES, by its host wpx-es.localhost) are each measured twice:
//   cached    anonymous requests, served from the app worker's edge page cache (x-page-cache: HIT, checked)
//   uncached  the same with a session cookie (from GET /api/session), which bypasses that cache: every request renders
// Search pages are not edge-cached; they are measured anonymous and with the session, and marked "not cacheable".
// The cart and checkout pages are measured only with a session that holds a cart (one product added by POST /cart);
// the account pages (home, orders) only signed in as the brand's demo customer (POST /login). The marketing dashboard's
// answer time is measured signed in as the demo marketer, on the volume of 1 million page events (bench/marketing-*.ts).
// With the app still up, Lighthouse (mobile) audits the home, a category and a product page of three brands through a
// local compressing front (bench/lighthouse.ts).
// Budgets come from bench/budgets.json: over budget prints OVER but exits 0; only errors exit non-zero.
// Every request goes to 127.0.0.1, and every server started here is stopped at the end, on error or on Ctrl-C.
// Logs of each build and server and a JSON copy of the results go to bench/results/ (git-ignored).
import { spawn, type ChildProcess } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureDevVars } from "../scripts/dev-vars.ts";
import { seedDemoAccounts } from "../scripts/demo-accounts.ts";
import { applyLocalMigrations } from "../scripts/migrations.ts";
import { describeData, describeTiming, measureMarketingDashboard, type Timing } from "./marketing-dashboard.ts";
import { fillMarketingBench } from "./marketing-data.ts";
import { measureEventIngestion, type EventFigures } from "./events.ts";
import { benchPhoto, measureUploads, type UploadFigures } from "./uploads.ts";
import { measureLighthouse, type LighthouseRun } from "./lighthouse.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const BENCH = path.join(ROOT, "bench");
const RESULTS = path.join(BENCH, "results");
const FLOORS = path.join(BENCH, "floors");
const HOST = "127.0.0.1";
const PORTS = { app: 8791, static: 8792, bare: 8793, routed: 8795 };
// Short runs: the app's runs and the floor runs between them keep the load part near 4 minutes on 2 cores.
const WRK_ARGS = ["-t2", "-c16", "-d6s", "--latency"];
const WARMUP_ARGS = ["-t2", "-c16", "-d1s"];
/**
 * Before the first measured run, every server is brought to its steady state, not measured: each floor for 3 s, then
 * each planned page of the app (in its mode) for 2 s. A fresh isolate compiles the code it runs most as it runs it:
 * the first uncached page measured (the home) did 290 req/s in its first 5 s and 356 to 386 in the next four, so it
 * paid for the whole render's compilation while the pages after it did not; and the static floor's first run was
 * always its fastest (1,576 to 1,770 req/s against 1,080 to 1,290 for every later run), the one the cached home was
 * measured against. docs/decisions/0029.
 */
const STEADY_FLOOR_ARGS = ["-t2", "-c16", "-d3s"];
const STEADY_PAGE_ARGS = ["-t2", "-c16", "-d2s"];
/** Counts status codes and x-page-cache values of every response (all targets, so each run has the same wrk cost). */
const WRK_SCRIPT = path.join(BENCH, "wrk-counts.lua");
/** The brand measured, picked by host (app/lib/brand/brands.ts); its session cookie (wrangler.jsonc SESSION_COOKIE_NAME). */
const BRAND = { slug: "WPX-ES", host: "wpx-es.localhost" };
const SESSION_COOKIE = "__session";
/** The pages measured; `cacheable`: whether the app is expected to edge-cache the page for anonymous visitors. */
const PAGES = [
  { page: "home", path: "/", cacheable: true },
  { page: "category", path: "/regalos-con-foto", cacheable: true },
  { page: "product", path: "/fotolibro", cacheable: true },
  { page: "search", path: "/search?query=taza", cacheable: false },
  // Pages of a shopper with a cart: never cached, measured only with a session that holds a cart (one product added).
  { page: "cart", path: "/cart", cacheable: false, withCart: true },
  { page: "checkout", path: "/checkout?step=1", cacheable: false, withCart: true },
  // A signed-in customer's account pages (the brand's demo customer, README "Accounts locally"): never cached.
  { page: "accounts-home", path: "/accounts/home", cacheable: false, signedIn: true },
  { page: "accounts-orders", path: "/accounts/orders", cacheable: false, signedIn: true },
] as const satisfies readonly {
  page: string;
  path: string;
  cacheable: boolean;
  withCart?: boolean;
  signedIn?: boolean;
}[];
/** The demo customer the account pages are measured as (scripts/demo-accounts.ts; a local-only password). */
const DEMO_CUSTOMER = { email: `customer.${BRAND.slug.toLowerCase()}@example.com`, password: "Demo-store-2026" };
/** The product put in the cart of the cart pages' session. */
const CART_PRODUCT_PATH = "/fotolibro";
const READY_TIMEOUT_MS = 60_000;
const KB = 1024;
const BUSY_WARN = 0.15;
/** A floor's runs further apart than this (slowest to fastest) are reported: the machine's speed drifted. */
const DRIFT_WARN = 0.15;

// Keep the local runtime off the network: miniflare would otherwise fetch the `Request.cf` object from
// Cloudflare at start-up, and wrangler would send usage metrics.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
// Miniflare's local observability (on by default) streams a trace of every worker invocation to a collector in the same
// process, for the local explorer: about 1.4 ms of CPU per signed-in page, whose request passes three workers, and a
// fifth of the bare floor's. The edge ships traces off the request's path; every server started here runs without it.
process.env.X_LOCAL_OBSERVABILITY = "false";
process.env.NO_UPDATE_NOTIFIER = "1";
process.env.npm_config_update_notifier = "false";

// ---------------------------------------------------------------------------------------------------------------
// Processes

type Server = { name: string; child: ChildProcess; exited: boolean; log: string };
const servers = new Set<Server>();
const commands = new Set<ChildProcess>(); // builds and wrk runs under way

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Runs a command to completion; output goes to `log` (a file under bench/results) or is captured. */
function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; log?: string; onSpawn?: (child: ChildProcess) => void } = {},
) {
  return new Promise<{ code: number; out: string }>((resolve, reject) => {
    const fd = opts.log ? openSync(opts.log, "w") : undefined;
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? process.env,
      stdio: ["ignore", fd ?? "pipe", fd ?? "pipe"],
    });
    commands.add(child);
    opts.onSpawn?.(child);
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (out += chunk));
    child.on("error", (error) => {
      commands.delete(child);
      if (fd !== undefined) closeSync(fd);
      reject(error);
    });
    child.on("close", (code, signal) => {
      commands.delete(child);
      if (fd !== undefined) closeSync(fd);
      resolve({ code: code ?? (signal ? 128 : 1), out });
    });
  });
}

async function runOrThrow(
  label: string,
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; log: string },
) {
  const started = performance.now();
  const { code } = await run(cmd, args, opts);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    const tail = readFileSync(opts.log, "utf8").split("\n").slice(-30).join("\n");
    throw new Error(`${label} failed (exit ${code}) after ${seconds}s; last lines of ${rel(opts.log)}:\n${tail}`);
  }
  console.log(`  ${label}: ok in ${seconds}s (log: ${rel(opts.log)})`);
}

/** Whether something already listens on HOST:port (then we would measure it instead of our server). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function assertPortsFree() {
  for (const port of Object.values(PORTS)) {
    if (await portInUse(port))
      throw new Error(`port ${HOST}:${port} is already in use; stop whatever listens there and rerun`);
  }
}

/** `npx vite preview` from `cwd`, in its own process group so that the whole tree (npm, vite, workerd) stops together. */
async function startPreview(name: string, cwd: string, port: number): Promise<Server> {
  if (await portInUse(port)) throw new Error(`${name}: port ${HOST}:${port} is already in use`);
  const log = path.join(RESULTS, `serve-${name}.log`);
  const fd = openSync(log, "w");
  const child = spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort", "--host", HOST], {
    cwd,
    env: process.env,
    detached: true,
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const server: Server = { name, child, exited: false, log };
  servers.add(server);
  child.on("exit", () => (server.exited = true));

  const url = `http://${HOST}:${port}/`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const started = performance.now();
  while (Date.now() < deadline) {
    if (server.exited) break;
    // Only ours once vite has printed its address (and so holds the port: --strictPort).
    if (
      !readFileSync(log, "utf8")
        .replace(/\x1b\[[0-9;]*m/g, "")
        .includes(`${HOST}:${port}`)
    ) {
      await sleep(250);
      continue;
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        console.log(
          `  ${name}: serving ${url} (ready in ${((performance.now() - started) / 1000).toFixed(1)}s, log: ${rel(log)})`,
        );
        return server;
      }
      throw new Error(`${name}: ${url} answered ${response.status}; see ${rel(log)}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(`${name}:`)) throw error;
      await sleep(250);
    }
  }
  const tail = readFileSync(log, "utf8").split("\n").slice(-30).join("\n");
  throw new Error(
    `${name}: vite preview ${server.exited ? "exited" : "did not answer within 60s"}; last lines of ${rel(log)}:\n${tail}`,
  );
}

async function stopServer(server: Server) {
  const pid = server.child.pid;
  if (pid === undefined) return;
  killGroup(pid, "SIGTERM");
  const deadline = Date.now() + 5_000;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pid)) killGroup(pid, "SIGKILL");
  while (groupAlive(pid) && Date.now() < deadline + 2_000) await sleep(100);
  servers.delete(server);
}

async function stopAll() {
  for (const server of [...servers]) await stopServer(server);
}

// Last resort (an uncaught error or a signal): synchronous, so it also runs from process.on("exit").
function killAllNow() {
  for (const server of servers) if (server.child.pid !== undefined) killGroup(server.child.pid, "SIGKILL");
  servers.clear();
  for (const child of commands) child.kill("SIGTERM");
  commands.clear();
}
process.on("exit", killAllNow);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping servers`);
    killAllNow();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Load test

type Counts = { status: Record<string, number>; cache: Record<string, number> };
type Load = {
  url: string;
  headers: string[];
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  bytesPerResponse: number;
  non2xx: number;
  socketErrors: string | null;
  counts: Counts | null;
};

function toMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === "us" ? n / 1000 : unit === "ms" ? n : unit === "s" ? n * 1000 : unit === "m" ? n * 60_000 : NaN;
}

function toBytes(value: string, unit: string): number {
  const scale: Record<string, number> = { B: 1, KB: KB, MB: KB ** 2, GB: KB ** 3 };
  return Number(value) * (scale[unit] ?? NaN);
}

function parseWrk(url: string, headers: string[], out: string): Load {
  const rps = out.match(/Requests\/sec:\s+([\d.]+)/);
  const p50 = out.match(/^\s*50%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  const p99 = out.match(/^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m);
  const total = out.match(/(\d+) requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/);
  if (!rps || !p50 || !p99 || !total) throw new Error(`could not parse wrk output for ${url}:\n${out}`);
  const requests = Number(total[1]);
  const socket = out.match(/Socket errors: (.*)/);
  const counts = out.match(/^BENCH_COUNTS (.*)$/m);
  return {
    url,
    headers,
    rps: Number(rps[1]),
    p50: toMs(p50[1], p50[2]),
    p99: toMs(p99[1], p99[2]),
    requests,
    bytesPerResponse: requests > 0 ? toBytes(total[2], total[3]) / requests : 0,
    non2xx: Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0),
    socketErrors: socket ? socket[1].trim() : null,
    counts: counts ? (JSON.parse(counts[1]) as Counts) : null,
  };
}

/** "HIT 100%", "HIT 99.1%, MISS 12", "absent": the x-page-cache values seen under load. */
function cacheSummary(counts: Counts | null): string {
  if (!counts) return "n/a";
  const entries = Object.entries(counts.cache).sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return "none";
  const [[top, topCount], ...rest] = entries;
  const share = (topCount / total) * 100;
  return [`${top} ${share === 100 ? "100" : share.toFixed(1)}%`, ...rest.map(([value, n]) => `${value} ${n}`)].join(
    ", ",
  );
}

/** Responses under load whose status was not 200 (wrk's own count leaves out 3xx). */
function non200(load: Load): number {
  if (!load.counts) return load.non2xx;
  return Object.entries(load.counts.status).reduce((sum, [status, n]) => (status === "200" ? sum : sum + n), 0);
}

/** Load that is not measured (`args`: wrk's threads, connections and duration). */
async function warmUp(url: string, headers: string[], args: string[]) {
  if (!url.startsWith(`http://${HOST}:`)) throw new Error(`refusing to load ${url}: only ${HOST}`);
  const { code, out } = await run("wrk", [...args, ...headers.flatMap((h) => ["-H", h]), url]);
  if (code !== 0) throw new Error(`wrk warm-up of ${url} failed (exit ${code}):\n${out}`);
}

async function loadTest(
  name: string,
  url: string,
  serverPgid: number | undefined,
  headers: string[] = [],
): Promise<{ load: Load; otherLoadDuring: number; serverCpu: ServerCpu }> {
  // The warm-up refuses any host but HOST before anything is sent.
  await warmUp(url, headers, WARMUP_ARGS);
  const headerArgs = headers.flatMap((h) => ["-H", h]);
  // wrk's own CPU time: its /proc entry, polled while it runs (the last poll is at most 200 ms before it ends).
  let wrkTicks = 0;
  let poll: ReturnType<typeof setInterval> | undefined;
  const before = cpuMark(serverPgid);
  const { code, out } = await run("wrk", [...WRK_ARGS, "-s", WRK_SCRIPT, ...headerArgs, url], {
    onSpawn: (child) => {
      poll = setInterval(() => {
        if (child.pid !== undefined) wrkTicks = Math.max(wrkTicks, procTicks(child.pid));
      }, 200);
    },
  });
  clearInterval(poll);
  const after = cpuMark(serverPgid);
  const otherLoadDuring = otherLoad(before, after, wrkTicks);
  const busiest = otherLoadDuring > BUSY_WARN ? busiestOthers(before, after) : "";
  // The session cookie is a credential of a throwaway local session; still, keep it out of the saved output.
  writeFileSync(
    path.join(RESULTS, `wrk-${name}.txt`),
    `wrk ${[...WRK_ARGS, ...headers.map((h) => `-H '${redact(h)}'`), url].join(" ")}\n\n${out}`,
  );
  if (code !== 0) throw new Error(`wrk ${url} failed (exit ${code}):\n${out}`);
  const load = parseWrk(url, headers.map(redact), out);
  const serverCpu = serverCpuPerRequest(before, after, load.requests);
  console.log(
    `  ${name}: ${fmt(load.rps, 1)} req/s, p50 ${fmt(load.p50, 2)} ms, p99 ${fmt(load.p99, 2)} ms, ${load.requests} requests, ` +
      `~${fmt(load.bytesPerResponse / KB, 1)} KB/response, x-page-cache ${cacheSummary(load.counts)}` +
      `${non200(load) > 0 ? `, ${non200(load)} NOT 200` : ""}; other processes used ${fmt(otherLoadDuring * 100, 0)}% of the CPU meanwhile` +
      `${busiest ? ` (most: ${busiest})` : ""}; server CPU per request: workerd ${fmt(serverCpu.workerdMs, 2)} ms, vite preview ${fmt(serverCpu.previewMs, 2)} ms`,
  );
  return { load, otherLoadDuring, serverCpu };
}

function redact(header: string): string {
  return header.replace(new RegExp(`(${SESSION_COOKIE}=)[^;]*`), "$1…");
}

/** One GET to HOST:port with an explicit Host header (node:http, so the header is sent as given). */
type Answer = { status: number; headers: Record<string, string | string[] | undefined>; bytes: number };
function get(port: number, pathname: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: HOST,
        port,
        path: pathname,
        method: "GET",
        headers: { "accept-encoding": "identity", ...headers },
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`GET ${pathname}: no answer within 20s`)));
    req.on("error", reject);
    req.end();
  });
}

function header(answer: Answer, name: string): string | null {
  const value = answer.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** One form POST to HOST:port, as a browser without JavaScript sends it (same-site Origin). */
function postForm(
  port: number,
  pathname: string,
  headers: Record<string, string>,
  form: Record<string, string>,
): Promise<Answer> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: HOST,
        port,
        path: pathname,
        method: "POST",
        agent: false,
        timeout: 20_000,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          origin: `http://${headers.host}`,
          ...headers,
        },
      },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`POST ${pathname}: no answer within 20s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** A fresh session with one product in its cart, added the way a browser without JavaScript adds it. */
async function cartSessionCookie(port: number, host: string): Promise<string> {
  const cookie = await sessionCookie(port, host);
  const page = await fetch(`http://${HOST}:${port}${CART_PRODUCT_PATH}`, { headers: { host, cookie } });
  const articleId = /name="article_id" value="(\d+)"/.exec(await page.text())?.[1];
  if (!articleId)
    throw new Error(`GET ${CART_PRODUCT_PATH} (Host ${host}) has no add-to-cart form (status ${page.status})`);
  const added = await postForm(
    port,
    "/cart",
    { host, cookie },
    { intent: "add", article_id: articleId, quantity: "1" },
  );
  const renewed = ([] as string[])
    .concat(added.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0].trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (added.status !== 303)
    throw new Error(`POST /cart (add article ${articleId}) answered ${added.status}, expected 303`);
  const cartCookie = renewed && renewed.length > SESSION_COOKIE.length + 1 ? renewed : cookie;
  const cart = await get(port, "/cart", { host, cookie: cartCookie });
  if (cart.status !== 200) throw new Error(`GET /cart with the cart session answered ${cart.status}`);
  return cartCookie;
}

/** A session signed in as the brand's demo customer, the way the sign-in form does it (POST /login). */
async function signedInCookie(port: number, host: string): Promise<string> {
  const cookie = await sessionCookie(port, host);
  const answer = await postForm(
    port,
    "/login",
    { host, cookie },
    { intent: "signin", email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  );
  const signedIn = ([] as string[])
    .concat(answer.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0].trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && c.length > SESSION_COOKIE.length + 1);
  if (answer.status !== 303 || !signedIn)
    throw new Error(
      `POST /login as ${DEMO_CUSTOMER.email} answered ${answer.status}${signedIn ? "" : " without a new session cookie"}`,
    );
  // The accounts pages' sign-out form sets the sign-in protocol's CSRF cookie (decision 0015); a browser sends it back.
  const home = await get(port, "/accounts/home", { host, cookie: signedIn });
  if (home.status !== 200) throw new Error(`GET /accounts/home signed in answered ${home.status}`);
  const kept = ([] as string[])
    .concat(home.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0].trim())
    .filter((c) => !c.startsWith(`${SESSION_COOKIE}=`));
  return [signedIn, ...kept].join("; ");
}

/** A fresh session of the brand: GET /api/session once, then `__session=…` from its Set-Cookie, checked to be valid. */
async function sessionCookie(port: number, host: string): Promise<string> {
  const first = await get(port, "/api/session", { host });
  const setCookie = ([] as string[]).concat(first.headers["set-cookie"] ?? []);
  const cookie = setCookie
    .map((c) => c.split(";")[0].trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && c.length > SESSION_COOKIE.length + 1);
  if (first.status !== 200 || !cookie) {
    throw new Error(
      `GET /api/session (Host ${host}) gave ${first.status} without a ${SESSION_COOKIE} cookie (Set-Cookie: ${setCookie.length ? setCookie.map(redact).join(" | ") : "none"})`,
    );
  }
  // Sent back, a valid session is read, not replaced: 200 and no new cookie.
  const again = await get(port, "/api/session", { host, cookie });
  if (again.status !== 200 || again.headers["set-cookie"]) {
    throw new Error(
      `the session cookie from GET /api/session was not accepted: ${again.status}, Set-Cookie ${again.headers["set-cookie"] ? "sent again" : "none"}`,
    );
  }
  return cookie;
}

type Mode = "cached" | "uncached" | "anonymous";
type PageRun = {
  page: string;
  path: string;
  mode: Mode;
  /** Whether the app is expected to edge-cache the page for anonymous visitors (PAGES). */
  cacheable: boolean;
  /** What the requests before the run showed (status, x-page-cache, Cache-Control), and whether it is as expected. */
  check: string;
  checkOk: boolean;
  pageBytes: number;
  load: Load | null;
  otherLoadDuring: number;
  serverCpu: ServerCpu | null;
  /** Its floor's runs just before and just after this page's: its ratio is page req/s ÷ their mean req/s. */
  floor: { kind: FloorKind; before: FloorRun; after: FloorRun } | null;
  /** A cached page's runs of the static page behind asset routing just before and after it (information, no budget). */
  routed: { before: FloorRun; after: FloorRun } | null;
  error: string | null;
};

/**
 * Before a cached run: the page answers 200 and a repeat is an x-page-cache HIT (the store runs in waitUntil, so a
 * few tries). Before an uncached run: 200 with the session, no x-page-cache, `private`, no new cookie. Before an
 * anonymous run of a page that is not cacheable: 200 and no x-page-cache on two requests.
 */
async function checkPage(port: number, host: string, pathname: string, mode: Mode, cookie: string | null) {
  const headers: Record<string, string> = cookie ? { host, cookie } : { host };
  const seen: string[] = [];
  let first: Answer | null = null;
  const tries = mode === "cached" ? 6 : 2;
  for (let attempt = 0; attempt < tries; attempt++) {
    const answer = await get(port, pathname, headers);
    first ??= answer;
    const cache = header(answer, "x-page-cache") ?? "absent";
    seen.push(answer.status === 200 ? cache : `status ${answer.status}`);
    if (answer.status !== 200) {
      const error = `GET ${pathname} (Host ${host}${cookie ? ", with the session" : ""}) answered ${answer.status}`;
      return { ok: false, error, check: `x-page-cache ${seen.join(" → ")}`, bytes: answer.bytes };
    }
    if (mode === "cached" && cache === "HIT") break;
    if (mode === "cached") await sleep(200);
  }
  const answer = first!;
  const cacheControl = header(answer, "cache-control") ?? "none";
  const cookieNote = answer.headers["set-cookie"] !== undefined ? "; sets a cookie" : "";
  const trail = `x-page-cache ${seen.join(" → ")}`;
  if (mode === "uncached") {
    const ok = seen.every((s) => s === "absent") && /private|no-store/.test(cacheControl) && !cookieNote;
    return { ok, error: null, check: `${trail}; Cache-Control ${cacheControl}${cookieNote}`, bytes: answer.bytes };
  }
  if (mode === "cached") {
    const ok = seen.includes("HIT");
    return {
      ok,
      error: null,
      check: `${trail}${ok ? "" : " (never HIT)"}; Cache-Control ${cacheControl}${cookieNote}`,
      bytes: answer.bytes,
    };
  }
  const ok = seen.every((s) => s === "absent");
  const note = ok ? " (not cacheable)" : " (expected not cacheable, but the page cache answers)";
  return { ok, error: null, check: `${trail}${note}; Cache-Control ${cacheControl}${cookieNote}`, bytes: answer.bytes };
}

type FloorKind = "static" | "bare" | "routed";
/** A floor served beside the app: checked once, then load-tested between the pages it is the floor of. */
type Floor = { kind: FloorKind; name: string; server: Server; url: string; pageBytes: number };
type FloorRun = { load: Load; otherLoadDuring: number; serverCpu: ServerCpu };
/** A figure of a floor's runs on either side of a page: the mean of the two. */
const floorMean = (floor: { before: FloorRun; after: FloorRun }, pick: (run: FloorRun) => number) =>
  (pick(floor.before) + pick(floor.after)) / 2;
/** The req/s a page is compared with: the mean of its floor's runs on either side of it. */
const floorRps = (floor: { before: FloorRun; after: FloorRun }) => floorMean(floor, (run) => run.load.rps);

/** Serves one floor and checks its home page. */
async function startFloor(kind: FloorKind, name: string, cwd: string, port: number): Promise<Floor> {
  const server = await startPreview(name, cwd, port);
  const url = `http://${HOST}:${port}/`;
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const pageBytes = (await response.arrayBuffer()).byteLength;
  const contentType = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !contentType.startsWith("text/html")) {
    throw new Error(`${name}: GET ${url} gave ${response.status} ${contentType}`);
  }
  console.log(
    `  ${name}: GET / -> 200, ${pageBytes} bytes of ${contentType}${response.headers.has("set-cookie") ? ", sets a cookie" : ""}`,
  );
  return { kind, name, server, url, pageBytes };
}

/** Load-tests a floor next to one of the app's pages (see PageRun.floor). */
function floorRun(floor: Floor, label: string) {
  return loadTest(`${floor.name}-${label}`, floor.url, floor.server.child.pid);
}

/**
 * Serves the app once and measures every page of PAGES, cached (anonymous) then uncached (with a session), each run
 * between two runs of its floor (the static worker for a cached page, bare React Router otherwise): this machine's
 * speed drifts by a fifth within a run, so a ratio takes the floor measured on either side of its page. `floorsFor`
 * starts the floors once the app's home page gives the static floor its size.
 */
async function measureApp(
  port: number,
  floorsFor: (homeBytes: number) => Promise<Record<FloorKind, Floor>>,
): Promise<{
  runs: PageRun[];
  otherLoadIdle: number;
  errors: string[];
  uploads: UploadFigures | null;
  marketing: Timing[] | null;
  lighthouse: LighthouseRun[] | null;
}> {
  const server = await startPreview("app", ROOT, port);
  const host = `${BRAND.host}:${port}`;
  const url = (pathname: string) => `http://${HOST}:${port}${pathname}`;
  const runs: PageRun[] = [];
  const errors: string[] = [];
  try {
    const idleMark = cpuMark(server.child.pid);
    await sleep(1000);
    const otherLoadIdle = otherLoad(idleMark, cpuMark(server.child.pid));
    const cookie = await sessionCookie(port, host);
    console.log(`  session: GET /api/session (Host ${host}) -> ${SESSION_COOKIE} cookie, accepted when sent back`);
    const cartCookie = await cartSessionCookie(port, host);
    console.log(`  cart session: one product added with POST /cart (intent=add), GET /cart -> 200`);
    const customerCookie = await signedInCookie(port, host);
    console.log(`  signed-in session: POST /login as ${DEMO_CUSTOMER.email}, GET /accounts/home -> 200`);
    const homeBytes = (await get(port, "/", { host })).bytes;
    if (homeBytes === 0)
      throw new Error("the app's home page could not be fetched, so the static floor cannot be sized");
    const floors = await floorsFor(homeBytes);
    let uploads: UploadFigures | null = null;
    try {
      uploads = await measureUploads(`http://${HOST}:${port}`, await sessionCookie(port, host), await benchPhoto());
      const mb = fmt(uploads.bytes / 1e6, 1);
      console.log(
        `  upload of a ${mb} MB photo: single request ${fmt(uploads.singleMBps, 1)} MB/s (${fmt(uploads.singleSeconds, 2)} s), in ${uploads.partCount} parts, 3 at once, ${fmt(uploads.partsMBps, 1)} MB/s (${fmt(uploads.partsSeconds, 2)} s)`,
      );
    } catch (error) {
      errors.push(`uploads: ${error instanceof Error ? error.message : String(error)}`);
      console.error(`  ERROR: uploads: ${error instanceof Error ? error.message : String(error)}`);
    }
    let marketing: Timing[] | null = null;
    try {
      marketing = await measureMarketingDashboard(port);
      for (const timing of marketing)
        console.log(`  marketing dashboard (signed in as the demo marketer): ${describeTiming(timing)}`);
    } catch (error) {
      errors.push(`marketing dashboard: ${error instanceof Error ? error.message : String(error)}`);
      console.error(`  ERROR: marketing dashboard: ${error instanceof Error ? error.message : String(error)}`);
    }
    // The cached runs first, then the rest: each kind's runs sit between runs of its floor (floor, page, floor, page, ...,
    // floor), and a page's ratio takes the mean of the floor runs on either side of it, which cancels a steady drift.
    const planned = PAGES.flatMap((entry) => {
      const withCart = "withCart" in entry && entry.withCart;
      const signedIn = "signedIn" in entry && entry.signedIn;
      const modes: Mode[] =
        withCart || signedIn ? ["uncached"] : [entry.cacheable ? "cached" : "anonymous", "uncached"];
      return modes.map((mode) => ({
        entry,
        mode,
        sessionOf: withCart ? cartCookie : signedIn ? customerCookie : cookie,
      }));
    }).sort((a, b) => Number(b.mode === "cached") - Number(a.mode === "cached"));
    const headersOf = (mode: Mode, session: string) => [
      `Host: ${host}`,
      ...(mode === "uncached" ? [`Cookie: ${session}`] : []),
    ];
    console.log(
      `  steady state first, not measured: each floor under load for ${STEADY_FLOOR_ARGS.at(-1)}, then each page in its mode for ${STEADY_PAGE_ARGS.at(-1)}`,
    );
    for (const floor of Object.values(floors)) await warmUp(floor.url, [], STEADY_FLOOR_ARGS);
    for (const { entry, mode, sessionOf } of planned)
      await warmUp(url(entry.path), headersOf(mode, sessionOf), STEADY_PAGE_ARGS);
    let lastFloor: (FloorRun & { kind: FloorKind }) | null = null;
    let lastRouted: FloorRun | null = null;
    for (const { entry, mode, sessionOf } of planned) {
      const { page, path: pathname, cacheable } = entry;
      const name = `app-${page}-${mode}`;
      const check = await checkPage(port, host, pathname, mode, mode === "uncached" ? sessionOf : null);
      const run: PageRun = {
        page,
        path: pathname,
        mode,
        cacheable,
        check: check.check,
        checkOk: check.ok,
        pageBytes: check.bytes,
        load: null,
        otherLoadDuring: NaN,
        serverCpu: null,
        floor: null,
        routed: null,
        error: check.error,
      };
      runs.push(run);
      console.log(`  ${name}: ${check.ok ? "ok" : "UNEXPECTED"}: ${check.check}`);
      if (check.error) {
        errors.push(`${page} ${mode}: ${check.error}; not load-tested`);
        console.error(`  ERROR: ${check.error}; not load-tested`);
        continue;
      }
      const headers = headersOf(mode, sessionOf);
      const floor = floors[mode === "cached" ? "static" : "bare"];
      const before =
        lastFloor?.kind === floor.kind
          ? lastFloor
          : { kind: floor.kind, ...(await floorRun(floor, `before-${page}-${mode}`)) };
      const routedBefore: FloorRun | null =
        mode === "cached" ? (lastRouted ?? (await floorRun(floors.routed, `before-${page}-${mode}`))) : null;
      const { load, otherLoadDuring, serverCpu } = await loadTest(name, url(pathname), server.child.pid, headers);
      run.load = load;
      run.otherLoadDuring = otherLoadDuring;
      run.serverCpu = serverCpu;
      const after = { kind: floor.kind, ...(await floorRun(floor, `after-${page}-${mode}`)) };
      run.floor = { kind: floor.kind, before, after };
      lastFloor = after;
      if (routedBefore) {
        run.routed = { before: routedBefore, after: await floorRun(floors.routed, `after-${page}-${mode}`) };
        lastRouted = run.routed.after;
      }
    }
    for (const floor of Object.values(floors)) await stopServer(floor.server);
    // After the load, on the quiet server: Lighthouse times a real browser's page load.
    let lighthouse: LighthouseRun[] | null = null;
    try {
      lighthouse = await measureLighthouse(port);
      for (const run of lighthouse) {
        const { performance, accessibility, seo } = run.scores;
        console.log(
          `  lighthouse ${run.brand} ${run.page} ${new URL(run.url).pathname}: performance ${performance}, accessibility ${accessibility}, best practices ${run.scores["best-practices"]}, SEO ${seo}; FCP ${fmt(run.fcpMs, 0)} ms, LCP ${fmt(run.lcpMs, 0)} ms, TBT ${fmt(run.tbtMs, 0)} ms, CLS ${fmt(run.cls, 3)}${run.failing.length ? `; failing: ${run.failing.join(", ")}` : ""}`,
        );
      }
    } catch (error) {
      errors.push(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
      console.error(`  ERROR: lighthouse: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { runs, otherLoadIdle, errors, uploads, marketing, lighthouse };
  } finally {
    await stopServer(server);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Bundle sizes

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).byteLength;
    gzipCache.set(file, size);
  }
  return size;
}

type ManifestRoute = {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
  hasClientLoader?: boolean;
  hasClientAction?: boolean;
};
type RouterManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/** The React Router browser manifest, `window.__reactRouterManifest={...};` in build/client/assets/manifest-*.js. */
function readRouterManifest(clientDir: string): { file: string; manifest: RouterManifest } {
  const assets = path.join(clientDir, "assets");
  const files = readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (files.length !== 1) throw new Error(`expected one manifest-*.js in ${rel(assets)}, found ${files.length}`);
  const file = path.join(assets, files[0]);
  const source = readFileSync(file, "utf8").trim();
  const json = source.slice(source.indexOf("=") + 1).replace(/;$/, "");
  return { file, manifest: JSON.parse(json) as RouterManifest };
}

/** Static imports of a built chunk (`import … from"./x.js"`, `export … from"./x.js"`, `import"./x.js"`), as URLs. */
function staticImports(clientDir: string, url: string): string[] {
  const source = readFileSync(path.join(clientDir, url), "utf8");
  const found: string[] = [];
  for (const m of source.matchAll(
    /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+?\.js)["'`]/g,
  )) {
    found.push(path.posix.join(path.posix.dirname(url), m[1]));
  }
  return found;
}

/** The listed files plus everything they import statically (lazy `import()` excluded). */
function closure(clientDir: string, urls: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(clientDir, url));
  }
  return seen;
}

type RouteRow = { ids: string[]; routeKb: number; pageKb: number; files: number; resource: boolean };

/** The chunks a file loads later with `import()` (vite writes them as import(`./name.js`)). */
function lazyImports(clientDir: string, url: string): string[] {
  const source = readFileSync(path.join(clientDir, url), "utf8");
  return [...source.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+?\.js)["'`]\s*\)/g)].map((m) =>
    path.posix.join(path.posix.dirname(url), m[1]!),
  );
}

/**
 * One route's JS in two parts (gzip): its first load beyond what every page shares (entry.client and root), and what
 * it loads later with `import()` (the design creator's editor, after the page has painted), minus what it had already.
 */
function routeInTwoLoads(clientDir: string, routeId: string) {
  const { manifest } = readRouterManifest(clientDir);
  const route = manifest.routes[routeId];
  const root = manifest.routes.root;
  if (!route || !root) throw new Error(`no route ${routeId} in the React Router manifest`);
  const own = (r: ManifestRoute) => [r.module, ...(r.imports ?? [])];
  const shared = closure(clientDir, [manifest.entry.module, ...manifest.entry.imports, ...own(root)]);
  const first = closure(clientDir, [...shared, ...own(route)]);
  const later = closure(
    clientDir,
    [...first].flatMap((url) => lazyImports(clientDir, url)),
  );
  const kbOf = (urls: Iterable<string>) =>
    [...urls].reduce((bytes, url) => bytes + gzipBytes(path.join(clientDir, url)), 0) / KB;
  return {
    firstLoadKb: kbOf([...first].filter((url) => !shared.has(url))),
    lazyKb: kbOf([...later].filter((url) => !first.has(url))),
  };
}

function clientJsPerRoute(clientDir: string) {
  const viteManifest = path.join(clientDir, ".vite", "manifest.json");
  const { file, manifest } = readRouterManifest(clientDir);
  const routes = manifest.routes;
  const root = routes.root;
  if (!root) throw new Error(`no root route in ${rel(file)}`);
  const own = (r: ManifestRoute) => [r.module, ...(r.imports ?? [])];
  const base = [manifest.entry.module, ...manifest.entry.imports, ...own(root)];
  let missedByManifest = 0;
  const kb = (urls: string[]) => {
    const listed = new Set(urls);
    const all = closure(clientDir, listed);
    missedByManifest = Math.max(missedByManifest, all.size - listed.size);
    let bytes = 0;
    for (const url of all) bytes += gzipBytes(path.join(clientDir, url));
    return { kb: bytes / KB, files: all.size };
  };

  const groups = new Map<string, RouteRow>();
  for (const route of Object.values(routes)) {
    const ancestors: ManifestRoute[] = [];
    for (let p = route.parentId; p && p !== "root"; p = routes[p]?.parentId) ancestors.push(routes[p]);
    const routeOnly = kb(route.id === "root" ? base : [...base, ...own(route)]);
    const page = kb([...base, ...ancestors.flatMap(own), ...(route.id === "root" ? [] : own(route))]);
    const key = `${route.module}|${ancestors.map((a) => a.id).join(">")}`;
    const row = groups.get(key);
    if (row) row.ids.push(route.id);
    else {
      const resource =
        route.id !== "root" && !route.hasDefaultExport && !route.hasClientLoader && !route.hasClientAction;
      groups.set(key, { ids: [route.id], routeKb: routeOnly.kb, pageKb: page.kb, files: page.files, resource });
    }
  }
  return {
    manifestFile: file,
    viteManifest: existsSync(viteManifest) ? viteManifest : null,
    rows: [...groups.values()],
    missedByManifest,
  };
}

function label(ids: string[]): string {
  // "x, x.lang, y, y.lang" -> "x, y (+.lang)"; "home, home.pl, home.es" -> "home, home.{pl,es}".
  const bases = ids.filter((id) => !id.endsWith(".lang"));
  if (bases.length > 1 && ids.length === 2 * bases.length && bases.every((id) => ids.includes(`${id}.lang`))) {
    return `${bases.join(", ")} (+.lang)`;
  }
  const [first, ...rest] = ids;
  if (rest.length === 0) return first;
  const prefix = `${first}.`;
  if (rest.every((id) => id.startsWith(prefix))) {
    const suffixes = rest.map((id) => id.slice(prefix.length));
    return suffixes.length === 1 ? `${first}, ${rest[0]}` : `${first}, ${first}.{${suffixes.join(",")}}`;
  }
  return ids.join(", ");
}

function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsFiles(full));
    else if (entry.isFile() && /\.(m?js)$/.test(entry.name)) out.push(full);
  }
  return out;
}

function bundleSize(dir: string) {
  const files = jsFiles(dir);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    raw += statSync(f).size;
    gz += gzipBytes(f);
  }
  return { files: files.length, rawKb: raw / KB, gzipKb: gz / KB };
}

// Other work on the machine (a test run, a browser) skews the numbers, so each target reports the share of the
// machine's CPU used by processes other than its server and wrk: for 1 s while the server sits idle, and during
// the measured run. Linux /proc only; elsewhere NaN.

type ProcStat = { pgid: number; ticks: number; name: string };

/** A process's group, its CPU ticks so far (user + system) and its name, from /proc/<pid>/stat; null once it has ended. */
function procStat(pid: string): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return {
      pgid: Number(fields[2]),
      ticks: Number(fields[11]) + Number(fields[12]),
      name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
    };
  } catch {
    return null;
  }
}

/** Every running process's group and ticks, by pid. */
function processStats(): Map<string, ProcStat> {
  const stats = new Map<string, ProcStat>();
  for (const pid of readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    const stat = procStat(pid);
    if (stat) stats.set(pid, stat);
  }
  return stats;
}

/** A process's CPU ticks so far (0 once it has ended). */
function procTicks(pid: number): number {
  return procStat(String(pid))?.ticks ?? 0;
}

type CpuMark = {
  idle: number;
  total: number;
  server: number;
  workerd: number;
  serverPgid: number | undefined;
  processes: Map<string, { pgid: number; ticks: number }>;
};

function cpuMark(serverPgid: number | undefined): CpuMark | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const processes = processStats();
    let server = 0;
    let workerd = 0;
    for (const stat of processes.values()) {
      if (stat.pgid !== serverPgid) continue;
      server += stat.ticks;
      if (stat.name === "workerd") workerd += stat.ticks;
    }
    return {
      idle: fields[3] + (fields[4] ?? 0),
      total: fields.reduce((a, b) => a + b, 0),
      server,
      workerd,
      serverPgid,
      processes,
    };
  } catch {
    return null;
  }
}

/** Linux's clock ticks in /proc (USER_HZ): 100 a second. */
const TICK_MS = 10;

/**
 * The server's CPU per request between two marks, split into workerd (every worker, KV, D1) and the rest of its
 * process group (`vite preview`'s Node process, which passes each request on to workerd).
 */
function serverCpuPerRequest(a: CpuMark | null, b: CpuMark | null, requests: number): ServerCpu {
  if (!a || !b || requests <= 0) return { workerdMs: NaN, previewMs: NaN };
  const workerd = b.workerd - a.workerd;
  return {
    workerdMs: (workerd * TICK_MS) / requests,
    previewMs: ((b.server - a.server - workerd) * TICK_MS) / requests,
  };
}
type ServerCpu = { workerdMs: number; previewMs: number };

/** Share of all CPUs between two marks used by anything but the server and `ownTicks` (wrk's). */
function otherLoad(a: CpuMark | null, b: CpuMark | null, ownTicks = 0): number {
  if (!a || !b || b.total <= a.total) return NaN;
  const total = b.total - a.total;
  return Math.max(0, 1 - (b.idle - a.idle) / total - (b.server - a.server) / total - ownTicks / total);
}

/** The processes outside the server's group (wrk has ended by the second mark) that used the most CPU between two marks. */
function busiestOthers(a: CpuMark | null, b: CpuMark | null): string {
  if (!a || !b || b.total <= a.total) return "";
  const total = b.total - a.total;
  const used: { pid: string; share: number }[] = [];
  for (const [pid, { pgid, ticks }] of b.processes) {
    if (Number(pid) === process.pid || pgid === b.serverPgid) continue;
    const share = (ticks - (a.processes.get(pid)?.ticks ?? 0)) / total;
    if (share >= 0.01) used.push({ pid, share });
  }
  const described = (pid: string) => {
    try {
      const line = readFileSync(`/proc/${pid}/cmdline`, "utf8")
        .split("\0")
        .filter(Boolean)
        .map((part) => part.replace(/^.*\/node_modules\//, ""))
        .join(" ");
      return `${line.slice(0, 60)} (${rel(readlinkSync(`/proc/${pid}/cwd`))})`;
    } catch {
      return `pid ${pid}`;
    }
  };
  return used
    .sort((x, y) => y.share - x.share)
    .slice(0, 3)
    .map(({ pid, share }) => `${described(pid)} ${fmt(share * 100, 0)}%`)
    .join(", ");
}

// ---------------------------------------------------------------------------------------------------------------
// Output helpers

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
function rel(p: string) {
  return path.relative(ROOT, p) || ".";
}
function fmt(n: number, digits: number) {
  return Number.isFinite(n) ? n.toFixed(digits) : "n/a";
}
function table(head: string[], rows: string[][], alignRight: boolean[]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    "  " + cells.map((c, i) => (alignRight[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  console.log(line(head));
  console.log("  " + widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}
function section(title: string) {
  console.log(`\n== ${title}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main() {
  const started = performance.now();
  process.chdir(ROOT);
  mkdirSync(RESULTS, { recursive: true });
  await assertPortsFree();
  const budgets = JSON.parse(readFileSync(path.join(BENCH, "budgets.json"), "utf8")) as Record<string, number>;
  const warnings: string[] = [];
  let invalidEvents: string | null = null;

  section("Build");
  // As scripts/start.ts: local secrets and D1 migrations (both idempotent), the production build, the demo accounts.
  ensureDevVars();
  applyLocalMigrations();
  await runOrThrow("npm run build", "npm", ["run", "build"], { log: path.join(RESULTS, "build-app.log") });
  await seedDemoAccounts();
  const marketingData = await fillMarketingBench();
  console.log(`  marketing dashboard data: ${describeData(marketingData)}`);
  const staticDir = path.join(FLOORS, "static-worker");
  const routedDir = path.join(FLOORS, "static-routed");
  const bareDir = path.join(FLOORS, "bare-react-router");
  await runOrThrow("bare-react-router floor build", "npx", ["react-router", "build"], {
    cwd: bareDir,
    log: path.join(RESULTS, "build-bare-react-router.log"),
  });

  section("Client JS per route (gzip, KB = 1024 bytes)");
  const client = clientJsPerRoute(path.join(ROOT, "build", "client"));
  console.log(
    `  from ${rel(client.manifestFile)}${client.viteManifest ? "" : " (no build/client/.vite/manifest.json)"}`,
  );
  console.log("  route: entry.client + its imports + root + the route module and its imports, each file counted once");
  console.log(
    "  with layouts: the same plus every parent layout route, i.e. what a full page load fetches (CSS excluded)",
  );
  table(
    ["route id", "route KB", "with layouts KB", "files"],
    client.rows.map((r) => [
      label(r.ids) + (r.resource ? "  (resource route)" : ""),
      fmt(r.routeKb, 1),
      fmt(r.pageKb, 1),
      String(r.files),
    ]),
    [false, true, true, true],
  );
  if (client.missedByManifest > 0) {
    warnings.push(
      `the React Router manifest misses up to ${client.missedByManifest} statically imported chunk(s) of a route; they were added to the sums`,
    );
  }
  const uiRows = client.rows.filter((r) => !r.resource);
  const maxRoute = uiRows.reduce((a, b) => (b.routeKb > a.routeKb ? b : a));
  const maxPage = uiRows.reduce((a, b) => (b.pageKb > a.pageKb ? b : a));
  console.log(
    `  largest: ${label(maxRoute.ids)} ${fmt(maxRoute.routeKb, 1)} KB (route), ${label(maxPage.ids)} ${fmt(maxPage.pageKb, 1)} KB (with layouts)`,
  );
  const creator = routeInTwoLoads(path.join(ROOT, "build", "client"), "create");
  console.log(
    `  the design creator (route create): ${fmt(creator.firstLoadKb, 1)} KB on its first load beyond the shared entry and root, then ${fmt(creator.lazyKb, 1)} KB for the editor (canvas) it loads after painting`,
  );
  const bareClient = clientJsPerRoute(path.join(bareDir, "build", "client"));
  const bareMax = Math.max(...bareClient.rows.map((r) => r.pageKb));
  console.log(
    `  for reference, the bare-react-router floor (React + React Router only): ${fmt(bareMax, 1)} KB for its home route`,
  );

  section("Server bundle (gzip)");
  const server = bundleSize(path.join(ROOT, "build", "server"));
  console.log(
    `  build/server: ${server.files} .js files, ${fmt(server.rawKb, 1)} KB raw, ${fmt(server.gzipKb, 1)} KB gzip`,
  );
  for (const worker of readdirSync(path.join(ROOT, "dist")).sort()) {
    const dir = path.join(ROOT, "dist", worker);
    if (!statSync(dir).isDirectory()) continue;
    const s = bundleSize(dir);
    console.log(
      `  dist/${worker} (auxiliary worker, not in the budget): ${fmt(s.rawKb, 1)} KB raw, ${fmt(s.gzipKb, 1)} KB gzip`,
    );
  }

  section("Event ingestion: the built app worker in Miniflare, a throwaway D1, the real Queue (bench/events.ts)");
  let events: EventFigures | null = null;
  try {
    events = await measureEventIngestion();
    const each = (perSecond: number, seconds: number) => `${fmt(perSecond, 0)} events/s (${fmt(seconds, 2)} s)`;
    console.log(
      `  ${events.events} page events each way, 16 calls in flight, inside workerd; nothing lost: ${events.lost === 0 ? "yes" : `NO, ${events.lost} missing`}`,
    );
    console.log(
      `  through the queue (one send per event, the consumer writes batches): ${each(events.queuePerSecond, events.queueSeconds)}, until every event is stored and rolled up`,
    );
    console.log(
      `  one INSERT per event:                                              ${each(events.singlePerSecond, events.singleSeconds)}`,
    );
    console.log(
      `  end to end: ${fmt(events.speedup, 1)}x; the consumer's own time: ${fmt(events.consumerPerSecond, 0)} events/s in ${events.batches} batches, ${fmt(events.consumerPerSecond / events.singlePerSecond, 1)}x one INSERT per event`,
    );
    if (events.lost > 0) invalidEvents = `event ingestion lost ${events.lost} events`;
  } catch (error) {
    invalidEvents = `event ingestion: ${error instanceof Error ? error.message : String(error)}`;
    console.error(`  ERROR: ${invalidEvents}`);
  }

  section(
    `Load: ${BRAND.slug} pages (Host ${BRAND.host}), each between runs of its floor (wrk ${WRK_ARGS.join(" ")} -s bench/wrk-counts.lua, after a steady-state pass and a 1 s warm-up; vite preview + workerd)`,
  );
  const app = await measureApp(PORTS.app, async (homeBytes) => {
    // The static floors return a page as large as the app's home page (anonymous, as the cached runs fetch it).
    const sizedFloor = async (kind: "static" | "routed", name: string, cwd: string) => {
      await runOrThrow(`${name} floor build`, "npx", ["vite", "build"], {
        cwd,
        env: { ...process.env, BENCH_PAGE_BYTES: String(homeBytes) },
        log: path.join(RESULTS, `build-${name}.log`),
      });
      const floor = await startFloor(kind, name, cwd, PORTS[kind]);
      if (floor.pageBytes !== homeBytes)
        warnings.push(`${name} floor page is ${floor.pageBytes} bytes, the app's home ${homeBytes}`);
      return floor;
    };
    const floorStatic = await sizedFloor("static", "static-worker", staticDir);
    const floorRouted = await sizedFloor("routed", "static-routed", routedDir);
    return {
      static: floorStatic,
      bare: await startFloor("bare", "bare-react-router", bareDir, PORTS.bare),
      routed: floorRouted,
    };
  });
  if (!existsSync(client.manifestFile))
    warnings.push(`build/ was rebuilt by another process while the bench ran (${rel(client.manifestFile)} is gone)`);
  const find = (page: string, mode: Mode) => app.runs.find((r) => r.page === page && r.mode === mode) ?? null;
  const home = find("home", "cached");
  // A floor's runs, each once (a run after one page is the run before the next).
  const floorsOf = (kind: FloorKind) => [
    ...new Set(app.runs.filter((r) => r.floor?.kind === kind).flatMap((r) => [r.floor!.before, r.floor!.after])),
  ];

  section("Summary: floors (run between the app's pages; a page's ratio takes the mean of the runs on either side)");
  const floors = (["static", "bare"] as const).map((kind) => {
    const runs = floorsOf(kind);
    const rps = runs.map((run) => run.load.rps);
    const mean = (pick: (run: FloorRun) => number) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
    return {
      kind,
      name: `floor ${kind === "static" ? "static-worker" : "bare-react-router"}`,
      runs,
      rps: mean((run) => run.load.rps),
      p50: mean((run) => run.load.p50),
      p99: mean((run) => run.load.p99),
      min: Math.min(...rps),
      max: Math.max(...rps),
      workerdMs: mean((run) => run.serverCpu.workerdMs),
    };
  });
  table(
    ["target", "runs", "req/s (mean)", "slowest", "fastest", "p50 ms", "p99 ms", "workerd ms/req"],
    floors.map((f) => [
      f.name,
      String(f.runs.length),
      fmt(f.rps, 1),
      fmt(f.min, 1),
      fmt(f.max, 1),
      fmt(f.p50, 2),
      fmt(f.p99, 2),
      fmt(f.workerdMs, 2),
    ]),
    [false, true, true, true, true, true, true, true],
  );
  for (const f of floors) {
    if (f.runs.length > 1 && f.max / f.min - 1 > DRIFT_WARN) {
      console.log(
        `  the machine's speed drifted: the ${f.name} did ${fmt(f.min, 1)} to ${fmt(f.max, 1)} req/s (${fmt((f.max / f.min - 1) * 100, 0)}% apart); each ratio takes the runs next to its page`,
      );
    }
  }
  const bareMean = floors.find((f) => f.kind === "bare")!.rps;

  section(
    `Summary: ${BRAND.slug} pages vs floors (req/s ratio = page req/s ÷ the mean req/s of its floor's runs just before and after it; both floors serve / only)`,
  );
  const modeLabel = (r: PageRun) => (r.mode === "anonymous" ? "anonymous (not cacheable)" : r.mode);
  const ratioOf = (r: PageRun | null) => (r?.load && r.floor ? r.load.rps / floorRps(r.floor) : NaN);
  const pageRows = app.runs.map((r) => ({ run: r, vsFloor: ratioOf(r) }));
  table(
    [
      "page",
      "mode",
      "page bytes",
      "req/s",
      "p50 ms",
      "p99 ms",
      "floor before / after",
      "÷ floor",
      "x-page-cache under load",
      "not 200",
      "other CPU",
      "workerd ms/req",
    ],
    pageRows.map(({ run: r, vsFloor }) => [
      `${r.page} ${r.path}`,
      modeLabel(r),
      String(r.pageBytes),
      r.load ? fmt(r.load.rps, 1) : "-",
      r.load ? fmt(r.load.p50, 2) : "-",
      r.load ? fmt(r.load.p99, 2) : "-",
      r.floor ? `${r.floor.kind} ${fmt(r.floor.before.load.rps, 1)} / ${fmt(r.floor.after.load.rps, 1)}` : "-",
      fmt(vsFloor, 3),
      r.load ? cacheSummary(r.load.counts) : r.error ? "not measured" : "-",
      r.load ? String(non200(r.load)) : "-",
      r.load ? `${fmt(r.otherLoadDuring * 100, 0)}%` : "-",
      fmt(r.serverCpu?.workerdMs ?? NaN, 2),
    ]),
    [false, false, true, true, true, true, true, true, false, true, true, true],
  );
  console.log(`  other CPU load on the machine with the app idle: ${fmt(app.otherLoadIdle * 100, 0)}%`);
  console.log(
    "  cached: anonymous, each response should be x-page-cache HIT; uncached: with a session cookie, every request renders",
  );
  console.log(
    "  workerd ms/req: the CPU of the app's whole workerd process (every worker, the asset routing, KV, D1) per request",
  );
  console.log(
    "  (the API answers behind a render may still come from the api-proxy's cache: an anonymous session has no cart or customer)",
  );

  section(
    "Information, no budget: cached pages against the static page behind asset routing (bench/floors/static-routed)",
  );
  const routedRatio = (r: PageRun) => (r.load && r.routed ? r.load.rps / floorRps(r.routed) : NaN);
  const routedRuns = app.runs.filter((r) => r.routed);
  // workerd's CPU per request, each floor's the mean of its runs on either side.
  const workerdMs = (cpu: ServerCpu | null) => fmt(cpu?.workerdMs ?? NaN, 2);
  const floorWorkerdMs = (floor: { before: FloorRun; after: FloorRun }) =>
    fmt(
      floorMean(floor, (run) => run.serverCpu.workerdMs),
      2,
    );
  table(
    [
      "page",
      "req/s",
      "static-routed before / after",
      "÷ static-routed",
      "÷ static-worker (the budget's)",
      "workerd ms/request: page, static-worker, static-routed",
    ],
    routedRuns.map((r) => [
      r.page,
      r.load ? fmt(r.load.rps, 1) : "-",
      `${fmt(r.routed!.before.load.rps, 1)} / ${fmt(r.routed!.after.load.rps, 1)}`,
      fmt(routedRatio(r), 3),
      fmt(ratioOf(r), 3),
      `${workerdMs(r.serverCpu)}, ${r.floor ? floorWorkerdMs(r.floor) : "-"}, ${floorWorkerdMs(r.routed!)}`,
    ]),
    [false, true, true, true, true, true],
  );
  console.log(
    "  static-routed returns the static-worker's page from a worker that has static assets, as the app has: locally each of its",
  );
  console.log(
    "  requests then passes Miniflare's RPC proxy and asset router workers before the worker (static-worker passes neither).",
  );
  console.log(
    "  At the edge that routing is Cloudflare's own; here it takes CPU from the same two cores. workerd's CPU per request",
  );
  console.log("  counts every isolate of the process (for the app: its workers, the asset routing, KV and D1).");

  let invalid = false;
  const noisy: string[] = [];
  if (invalidEvents) {
    invalid = true;
    console.error(`  ERROR: ${invalidEvents}`);
  }
  for (const e of app.errors) {
    invalid = true;
    console.error(`  ERROR: ${e}`);
  }
  const loads = [
    ...app.runs
      .filter((r) => r.load)
      .map((r) => ({
        name: `${r.page} ${r.mode}`,
        load: r.load!,
        other: Math.max(app.otherLoadIdle, r.otherLoadDuring),
      })),
    ...floors.flatMap((f) =>
      f.runs.map((run, index) => ({
        name: `${f.name} run ${index + 1}`,
        load: run.load,
        other: Math.max(app.otherLoadIdle, run.otherLoadDuring),
      })),
    ),
    ...[...new Set(routedRuns.flatMap((r) => [r.routed!.before, r.routed!.after]))].map((run, index) => ({
      name: `floor static-routed run ${index + 1}`,
      load: run.load,
      other: Math.max(app.otherLoadIdle, run.otherLoadDuring),
    })),
  ];
  for (const { name, load, other } of loads) {
    const bad = non200(load);
    if (bad > 0) {
      invalid = true;
      const statuses = load.counts
        ? Object.entries(load.counts.status)
            .map(([s, n]) => `${s}: ${n}`)
            .join(", ")
        : `${load.non2xx} non-2xx/3xx`;
      console.error(`  ERROR: ${name}: ${bad} responses under load were not 200 (${statuses}; see bench/results/)`);
    }
    if (load.socketErrors) warnings.push(`${name}: wrk socket errors: ${load.socketErrors}`);
    if (other > BUSY_WARN) noisy.push(`${name} ${fmt(other * 100, 0)}%`);
  }
  for (const r of app.runs) {
    if (!r.checkOk && !r.error) warnings.push(`${r.page} ${r.mode}: unexpected before the run: ${r.check}`);
    const cache = r.load?.counts?.cache;
    if (r.mode === "cached" && cache) {
      const missed = Object.entries(cache)
        .filter(([value]) => value !== "HIT")
        .reduce((sum, [, n]) => sum + n, 0);
      if (missed > 0)
        warnings.push(
          `${r.page} cached: ${missed} of ${r.load!.requests} responses under load were not x-page-cache HIT (${cacheSummary(r.load!.counts)})`,
        );
    }
    if (r.mode !== "cached" && cache && Object.keys(cache).some((value) => value !== "absent")) {
      warnings.push(`${r.page} ${r.mode}: responses under load carried x-page-cache (${cacheSummary(r.load!.counts)})`);
    }
  }

  if (noisy.length > 0) {
    warnings.push(
      `other processes used over ${BUSY_WARN * 100}% of the CPU around the load tests (${noisy.join(", ")}): the req/s and latencies, and the ratios, are skewed; rerun on a quiet machine`,
    );
  }

  section("Budgets (bench/budgets.json)");
  const ratioCheck = (key: string, limit: number, actual: number, what: string) => {
    const known = Number.isFinite(actual);
    if (!known) invalid = true;
    return {
      actual,
      limit,
      pass: known && actual >= limit,
      known,
      text: `${what}: ${known ? fmt(actual, 3) : "not measured"} >= ${limit}`,
    };
  };
  // The cached home against the bare floor, which is measured only next to uncached pages: its runs' mean.
  const homeCachedVsBare = home?.load ? home.load.rps / bareMean : NaN;
  const homeCachedVsStatic = ratioOf(home);
  const productUncachedVsBare = ratioOf(find("product", "uncached"));
  const checks: Record<string, { actual: number; limit: number; pass: boolean; known?: boolean; text: string }> = {};
  for (const [key, limit] of Object.entries(budgets)) {
    if (key === "clientJsPerRouteKbGzip") {
      checks[key] = {
        actual: maxRoute.routeKb,
        limit,
        pass: maxRoute.routeKb <= limit,
        text: `largest route ${label(maxRoute.ids)}: ${fmt(maxRoute.routeKb, 1)} KB <= ${limit} KB`,
      };
    } else if (key === "creatorFirstLoadKbGzip") {
      checks[key] = {
        actual: creator.firstLoadKb,
        limit,
        pass: creator.firstLoadKb <= limit,
        text: `creator route's first load beyond the shared entry: ${fmt(creator.firstLoadKb, 1)} KB <= ${limit} KB`,
      };
    } else if (key === "creatorCanvasChunkKbGzip") {
      checks[key] = {
        actual: creator.lazyKb,
        limit,
        pass: creator.lazyKb <= limit,
        text: `creator's editor (canvas) loaded after painting: ${fmt(creator.lazyKb, 1)} KB <= ${limit} KB`,
      };
    } else if (key === "serverBundleKbGzip") {
      checks[key] = {
        actual: server.gzipKb,
        limit,
        pass: server.gzipKb <= limit,
        text: `build/server: ${fmt(server.gzipKb, 1)} KB <= ${limit} KB`,
      };
    } else if (key === "homeVsBareReactRouterThroughputRatioMin") {
      // The same request as before the page cache (anonymous GET /), so now a cache hit; the uncached ratio is printed below.
      checks[key] = ratioCheck(
        key,
        limit,
        homeCachedVsBare,
        "home req/s (anonymous, so edge-cached) ÷ bare React Router req/s",
      );
    } else if (key === "cachedHomeVsStaticThroughputRatioMin") {
      checks[key] = ratioCheck(key, limit, homeCachedVsStatic, "cached home req/s ÷ static floor req/s");
    } else if (key === "productVsBareReactRouterThroughputRatioMin") {
      checks[key] = ratioCheck(key, limit, productUncachedVsBare, "uncached product req/s ÷ bare React Router req/s");
    } else if (key === "marketingDashboardMsMax") {
      // Its heaviest view (all brands, 90 days), p95 of requests one after another on the 1-million-event volume.
      const heaviest = app.marketing?.[0];
      if (!heaviest) invalid = true;
      checks[key] = heaviest
        ? {
            actual: heaviest.p95,
            limit,
            pass: heaviest.p95 <= limit,
            text: `marketing dashboard, all brands over 90 days (${describeData(marketingData).split(" (")[0]}): p95 ${fmt(heaviest.p95, 1)} ms <= ${limit} ms`,
          }
        : { actual: NaN, limit, pass: false, known: false, text: "marketing dashboard: not measured" };
    } else if (key === "accountPagesVsBareReactRouterThroughputRatioMin") {
      // A signed-in customer's pages: each one, rendered every request, against the same floor as any uncached page.
      for (const page of ["accounts-home", "accounts-orders"]) {
        checks[`${key} (${page})`] = ratioCheck(
          key,
          limit,
          ratioOf(find(page, "uncached")),
          `signed-in ${page} req/s ÷ bare React Router req/s`,
        );
      }
    } else if (
      key === "uncachedCataloguePagesVsBareReactRouterThroughputRatioMin" ||
      key === "cartAndCheckoutVsBareReactRouterThroughputRatioMin"
    ) {
      // Issue 11: every page a buyer's session renders, each against the bare floor.
      const pages = key.startsWith("uncachedCatalogue")
        ? ["home", "category", "product", "search"]
        : ["cart", "checkout"];
      for (const page of pages)
        checks[`${key} (${page})`] = ratioCheck(
          key,
          limit,
          ratioOf(find(page, "uncached")),
          `uncached ${page} req/s ÷ bare React Router req/s`,
        );
    } else if (key === "uncachedP99VsP50Max") {
      const rendered = app.runs.filter((r) => r.mode === "uncached" && r.load);
      const worst = rendered.reduce<PageRun | null>(
        (a, b) => (!a || b.load!.p99 / b.load!.p50 > a.load!.p99 / a.load!.p50 ? b : a),
        null,
      );
      const ratio = worst ? worst.load!.p99 / worst.load!.p50 : NaN;
      if (!worst) invalid = true;
      // The floor it is measured beside, for comparison: this machine's own tail under the same load.
      const bareTails = floorsOf("bare").map((run) => run.load.p99 / run.load.p50);
      const floorTail = bareTails.length
        ? `; bare floor's own runs ${fmt(Math.min(...bareTails), 2)} to ${fmt(Math.max(...bareTails), 2)}`
        : "";
      checks[key] = {
        actual: ratio,
        limit,
        pass: ratio <= limit,
        known: !!worst,
        text: `worst p99 ÷ p50 of the uncached pages (${worst?.page ?? "none"}): ${fmt(ratio, 2)} <= ${limit}${floorTail}`,
      };
    } else if (key === "cachedPagesVsStaticThroughputRatioMin") {
      for (const page of ["home", "category", "product"]) {
        const run = find(page, "cached");
        checks[`${key} (${page})`] = ratioCheck(
          key,
          limit,
          ratioOf(run),
          `cached ${page} req/s ÷ static floor req/s (÷ static-routed: ${run ? fmt(routedRatio(run), 3) : "n/a"})`,
        );
      }
    } else if (key === "catalogueClientJsPerRouteKbGzip") {
      const catalogue = uiRows.filter((r) => r.ids.some((id) => /^(home|slug|search|cart|tag)(\.|$)/.test(id)));
      const largest = catalogue.reduce((a, b) => (b.routeKb > a.routeKb ? b : a));
      checks[key] = {
        actual: largest.routeKb,
        limit,
        pass: largest.routeKb <= limit,
        text: `largest catalogue route (home, category and product, search, tag, cart) ${label(largest.ids)}: ${fmt(largest.routeKb, 1)} KB <= ${limit} KB`,
      };
    } else if (key.startsWith("lighthouse")) {
      const runs = app.lighthouse ?? [];
      if (runs.length === 0) invalid = true;
      const category = {
        lighthousePerformanceMin: "performance",
        lighthouseAccessibilityMin: "accessibility",
        lighthouseBestPracticesMin: "best-practices",
        lighthouseSeoMin: "seo",
      }[key] as keyof LighthouseRun["scores"] | undefined;
      if (category) {
        const lowest = runs.reduce<LighthouseRun | null>(
          (a, b) => (!a || b.scores[category] < a.scores[category] ? b : a),
          null,
        );
        const score = lowest?.scores[category] ?? NaN;
        checks[key] = {
          actual: score,
          limit,
          pass: score >= limit,
          known: !!lowest,
          text: `lowest Lighthouse ${category} of ${runs.length} pages (${lowest ? `${lowest.brand} ${lowest.page}` : "none"}): ${fmt(score, 0)} >= ${limit}`,
        };
      } else if (key === "lighthouseClsMax") {
        const worst = runs.reduce<LighthouseRun | null>((a, b) => (!a || b.cls > a.cls ? b : a), null);
        const cls = worst?.cls ?? NaN;
        checks[key] = {
          actual: cls,
          limit,
          pass: cls <= limit,
          known: !!worst,
          text: `largest Lighthouse CLS of ${runs.length} pages (${worst ? `${worst.brand} ${worst.page}` : "none"}): ${fmt(cls, 3)} <= ${limit}`,
        };
      } else {
        warnings.push(`bench/budgets.json: unknown budget "${key}" ignored`);
      }
    } else if (key === "eventBatchVsSingleInsertSpeedupMin") {
      // End to end: every event sent through the queue and stored, against one INSERT per event (bench/events.ts).
      checks[key] = ratioCheck(
        key,
        limit,
        events?.speedup ?? NaN,
        `events/s through the queue ÷ events/s of one INSERT per event (D1 writes alone, the consumer's time: ${events ? fmt(events.consumerPerSecond / events.singlePerSecond, 1) : "n/a"}x)`,
      );
    } else {
      warnings.push(`bench/budgets.json: unknown budget "${key}" ignored`);
    }
  }
  table(
    ["budget", "result", "check"],
    Object.entries(checks).map(([key, c]) => [key, c.known === false ? "N/A" : c.pass ? "PASS" : "OVER", c.text]),
    [false, false, false],
  );
  const homeUncachedVsBare = ratioOf(find("home", "uncached"));
  console.log(
    `  for reference: uncached home (rendered every request) ÷ bare React Router: ${fmt(homeUncachedVsBare, 3)}`,
  );

  for (const w of warnings) console.log(`  warning: ${w}`);
  const results = {
    date: new Date().toISOString(),
    clientJs: client.rows,
    serverBundle: server,
    bareReactRouterClientJsKb: bareMax,
    load: {
      wrk: { args: WRK_ARGS, warmUp: WARMUP_ARGS, script: rel(WRK_SCRIPT) },
      brand: BRAND,
      otherCpuLoadIdleApp: app.otherLoadIdle,
      floors: Object.fromEntries(
        floors.map(({ name, runs, rps, min, max }) => [
          name,
          { runs: runs.length, rpsMean: rps, rpsSlowest: min, rpsFastest: max },
        ]),
      ),
      pages: pageRows.map(({ run: r, vsFloor }) => ({
        page: r.page,
        path: r.path,
        mode: r.mode,
        cacheable: r.cacheable,
        check: r.check,
        checkOk: r.checkOk,
        error: r.error,
        pageBytes: r.pageBytes,
        rps: r.load?.rps ?? null,
        p50Ms: r.load?.p50 ?? null,
        p99Ms: r.load?.p99 ?? null,
        floor: r.floor
          ? {
              kind: r.floor.kind,
              rpsBefore: r.floor.before.load.rps,
              rpsAfter: r.floor.after.load.rps,
              wrkBefore: r.floor.before.load,
              wrkAfter: r.floor.after.load,
            }
          : null,
        rpsVsFloor: Number.isFinite(vsFloor) ? vsFloor : null,
        routed: r.routed
          ? { rpsBefore: r.routed.before.load.rps, rpsAfter: r.routed.after.load.rps, rpsVsRouted: routedRatio(r) }
          : null,
        otherCpuLoadDuring: Number.isFinite(r.otherLoadDuring) ? r.otherLoadDuring : null,
        serverCpuMsPerRequest: r.serverCpu,
        wrk: r.load,
      })),
    },
    uploads: app.uploads,
    marketingDashboard: { data: marketingData, timings: app.marketing },
    lighthouse: app.lighthouse,
    events,
    budgets: checks,
    warnings,
  };
  writeFileSync(path.join(RESULTS, "latest.json"), JSON.stringify(results, null, 2) + "\n");
  console.log(
    `\nResults: ${rel(path.join(RESULTS, "latest.json"))}; total ${((performance.now() - started) / 1000).toFixed(0)}s`,
  );
  if (invalid) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

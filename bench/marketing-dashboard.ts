// The marketing dashboard's answer time (budget marketingDashboardMsMax in bench/budgets.json): signed in as the demo
// marketer of WPX-ES (POST /login, as the sign-in form does), GET /marketing for all brands over the last 90 days (its
// heaviest view: every rollup row of the range and every order) one request after another, timed from sending to the
// last byte, after a warm-up; also one brand over the default 30 days and a CSV export. The data is the local state:
// bench/marketing-data.ts fills it at the volume of 1 million page events.
// Part of `npm run bench` (bench/run.ts); on its own: `PORT=8841 node bench/marketing-dashboard.ts` (builds if needed).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { ensureDevVars } from "../scripts/dev-vars.ts";
import { seedDemoAccounts } from "../scripts/demo-accounts.ts";
import { applyLocalMigrations } from "../scripts/migrations.ts";
import { BENCH_DAYS, fillMarketingBench, type BenchData } from "./marketing-data.ts";

const HOST = "127.0.0.1";
const BRAND_HOST = "wpx-es.localhost";
const MARKETER = { email: "marketing.wpx-es@example.com", password: "Demo-store-2026" };
const WARM_UP = 3;
const RUNS = 20;

type Answer = { status: number; ms: number; bytes: number; setCookie: string[]; serverTiming: string | null };

function send(
  port: number,
  method: "GET" | "POST",
  pathname: string,
  cookie: string,
  form?: Record<string, string>,
): Promise<Answer> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const headers: Record<string, string> = { host: `${BRAND_HOST}:${port}`, "accept-encoding": "identity", cookie };
  if (body)
    Object.assign(headers, {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
      origin: `http://${BRAND_HOST}:${port}`,
    });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      { host: HOST, port, path: pathname, method, headers, agent: false, timeout: 30_000 },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            bytes,
            setCookie: ([] as string[])
              .concat(res.headers["set-cookie"] ?? [])
              .map((line) => line.split(";")[0]!.trim()),
            serverTiming: (res.headers["server-timing"] as string | undefined) ?? null,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${pathname}: no answer within 30s`)));
    req.on("error", reject);
    req.end(body);
  });
}

const jar = (cookie: string, answer: Answer) => {
  const cookies = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const pair of answer.setCookie) if (pair.split("=")[1]) cookies.set(pair.split("=")[0]!, pair);
  return [...cookies.values()].join("; ");
};

/** A browser's session signed in as the demo marketer. */
async function marketerCookie(port: number): Promise<string> {
  let cookie = jar("", await send(port, "GET", "/api/session", ""));
  const signedIn = await send(port, "POST", "/login", cookie, {
    intent: "signin",
    email: MARKETER.email,
    password: MARKETER.password,
  });
  if (signedIn.status !== 303) throw new Error(`POST /login as ${MARKETER.email} answered ${signedIn.status}`);
  cookie = jar(cookie, signedIn);
  const page = await send(port, "GET", "/marketing", cookie);
  if (page.status !== 200) throw new Error(`GET /marketing as ${MARKETER.email} answered ${page.status}`);
  return jar(cookie, page);
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

export type Timing = { path: string; runs: number; p50: number; p95: number; max: number; bytes: number };
export type DashboardFigures = { views: Timing[]; data: BenchData | null };

async function time(port: number, cookie: string, pathname: string): Promise<Timing> {
  for (let run = 0; run < WARM_UP; run++) await send(port, "GET", pathname, cookie);
  const answers: Answer[] = [];
  for (let run = 0; run < RUNS; run++) answers.push(await send(port, "GET", pathname, cookie));
  const failed = answers.find((answer) => answer.status !== 200);
  if (failed) throw new Error(`GET ${pathname} answered ${failed.status}`);
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  return {
    path: pathname,
    runs: RUNS,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1)!,
    bytes: answers[0]!.bytes,
  };
}

/** Times the dashboard on a served build (the bench's app server). The first view is the one the budget checks. */
export async function measureMarketingDashboard(port: number): Promise<Timing[]> {
  const cookie = await marketerCookie(port);
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (BENCH_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const all = `?brand=all&from=${from}&to=${to}`;
  return [
    await time(port, cookie, `/marketing${all}`),
    await time(port, cookie, "/marketing?brand=WPX-ES"),
    await time(port, cookie, `/marketing/export/campaigns.csv${all}`),
  ];
}

export const describeTiming = (timing: Timing) =>
  `GET ${timing.path}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms, max ${timing.max.toFixed(1)} ms over ${timing.runs} requests one after another, ${(timing.bytes / 1024).toFixed(0)} KB`;

export const describeData = (data: BenchData) =>
  `${data.events.toLocaleString("en")} page events' rollups over ${BENCH_DAYS} days and 8 brands (${Object.entries(
    data.rollupRows,
  )
    .map(([table, rows]) => `${table} ${rows.toLocaleString("en")}`)
    .join(", ")} rows; ` +
  `${data.written.rollups ? "written now" : "already there"}) and ${data.orders.toLocaleString("en")} marked orders (${data.written.orders ? "written now" : "already there"})`;

async function main() {
  const root = path.resolve(import.meta.dirname, "..");
  process.chdir(root);
  const port = Number(process.env.PORT ?? 8841);
  ensureDevVars();
  applyLocalMigrations();
  if (!existsSync("build/server/index.js"))
    await new Promise((done) => spawn("npm", ["run", "build"], { stdio: "inherit" }).on("exit", done));
  await seedDemoAccounts();
  const data = await fillMarketingBench();
  console.log(`data: ${describeData(data)}`);
  const server = spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort", "--host", HOST], {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  const stop = () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  try {
    const deadline = Date.now() + 60_000;
    while ((await send(port, "GET", "/", "").catch(() => null))?.status !== 200) {
      if (Date.now() > deadline) throw new Error(`the build did not answer on port ${port} within 60 s`);
      await new Promise((done) => setTimeout(done, 500));
    }
    const budget = (JSON.parse(readFileSync(path.join(root, "bench/budgets.json"), "utf8")) as Record<string, number>)
      .marketingDashboardMsMax!;
    const timings = await measureMarketingDashboard(port);
    for (const timing of timings) console.log(describeTiming(timing));
    console.log(
      `${timings[0]!.p95 <= budget ? "PASS" : "OVER"}  marketingDashboardMsMax: all brands, ${BENCH_DAYS} days, p95 ${timings[0]!.p95.toFixed(1)} ms <= ${budget} ms`,
    );
  } finally {
    stop();
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) await main();

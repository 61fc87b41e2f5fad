// Load runs: wrk against one URL of HOST, its output parsed, the CPU of the server and of everything else read around
// it; a run during which other processes took more than BUSY_WARN of the CPU is measured again, up to MEASURE_AGAIN
// times, and the quietest of its runs is kept.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { redact } from "./app-requests.ts";
import { busiestOthers, cpuMark, otherLoad, procTicks, type ServerCpu, serverCpuPerRequest } from "./cpu.ts";
import { fmt } from "./print.ts";
import { run } from "./processes.ts";
import { BUSY_WARN, HOST, KB, MEASURE_AGAIN, RESULTS, WARMUP_ARGS, WRK_ARGS, WRK_SCRIPT } from "./settings.ts";

type Counts = { status: Record<string, number>; cache: Record<string, number> };
export type Load = {
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
export function cacheSummary(counts: Counts | null): string {
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
export function non200(load: Load): number {
  if (!load.counts) return load.non2xx;
  return Object.entries(load.counts.status).reduce((sum, [status, n]) => (status === "200" ? sum : sum + n), 0);
}

/** Load that is not measured (`args`: wrk's threads, connections and duration). */
export async function warmUp(url: string, headers: string[], args: string[]) {
  if (!url.startsWith(`http://${HOST}:`)) throw new Error(`refusing to load ${url}: only ${HOST}`);
  const { code, out } = await run("wrk", [...args, ...headers.flatMap((h) => ["-H", h]), url]);
  if (code !== 0) throw new Error(`wrk warm-up of ${url} failed (exit ${code}):\n${out}`);
}

/** One measured run: wrk's figures, the other processes' share of the CPU meanwhile, the server's CPU per request. */
export type Measured = { load: Load; otherLoadDuring: number; serverCpu: ServerCpu };

async function measureOnce(file: string, name: string, url: string, serverPgid: number | undefined, headers: string[]) {
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
  writeFileSync(
    path.join(RESULTS, `wrk-${file}.txt`),
    `wrk ${[...WRK_ARGS, ...headers.map((h) => `-H '${redact(h)}'`), url].join(" ")}\n\n${out}`,
  );
  if (code !== 0) throw new Error(`wrk ${url} failed (exit ${code}):\n${out}`);
  const load = parseWrk(url, headers.map(redact), out);
  const serverCpu = serverCpuPerRequest(before, after, load.requests);
  console.log(
    `  ${name}: ${fmt(load.rps, 1)} req/s, p50 ${fmt(load.p50, 2)} ms, p99 ${fmt(load.p99, 2)} ms, ${load.requests} requests, ` +
      `~${fmt(load.bytesPerResponse / KB, 1)} KB/response, x-page-cache ${cacheSummary(load.counts)}` +
      `${non200(load) > 0 ? `, ${non200(load)} NOT 200` : ""}; other processes used ${fmt(otherLoadDuring * 100, 0)}% of the CPU meanwhile` +
      `${busiest ? ` (most: ${busiest})` : ""}; server CPU per request: workerd ${fmt(serverCpu.workerdMs, 2)} ms, vite preview ${fmt(serverCpu.previewMs, 2)} ms; workerd resident ${fmt(serverCpu.workerdMb, 0)} MB`,
  );
  return { load, otherLoadDuring, serverCpu };
}

/**
 * Warms the URL up for 1 s, then measures it; while other processes took more than BUSY_WARN of the CPU during the
 * run, measures it again (up to MEASURE_AGAIN times) and keeps the quietest run. `measuredAgain`: how many more runs.
 */
export async function loadTest(
  name: string,
  url: string,
  serverPgid: number | undefined,
  headers: string[] = [],
): Promise<Measured & { measuredAgain: number }> {
  // The warm-up refuses any host but HOST before anything is sent.
  await warmUp(url, headers, WARMUP_ARGS);
  let kept = await measureOnce(name, name, url, serverPgid, headers);
  let latest = kept;
  let measuredAgain = 0;
  while (latest.otherLoadDuring > BUSY_WARN && measuredAgain < MEASURE_AGAIN) {
    measuredAgain++;
    console.log(
      `  ${name}: other processes took over ${BUSY_WARN * 100}% of the CPU; measuring it again (${measuredAgain} of ${MEASURE_AGAIN})`,
    );
    latest = await measureOnce(`${name}-again-${measuredAgain}`, `${name} again`, url, serverPgid, headers);
    if (latest.otherLoadDuring < kept.otherLoadDuring) kept = latest;
  }
  return { ...kept, measuredAgain };
}

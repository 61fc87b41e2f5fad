// The load runs' report: the floors' runs, every page against its floor, the cached pages against the static page
// behind asset routing; then what makes a run invalid (a response not 200, an error) or worth a warning (a busy
// machine, a cache that did not answer as expected).
import type { Mode } from "./app-requests.ts";
import type { ServerCpu } from "./cpu.ts";
import { type FloorKind, type FloorPair, type FloorRun, floorMean, floorRps } from "./floors.ts";
import { cacheSummary, type Load, non200 } from "./load.ts";
import type { AppFigures, PageRun } from "./pages.ts";
import { fmt, section, table } from "./print.ts";
import { BRAND, BUSY_WARN, CACHED_ROUNDS, DRIFT_WARN, MEASURE_AGAIN } from "./settings.ts";

/** A page's req/s ÷ the mean of its floor's runs on either side of it. */
export const ratioOf = (r: PageRun | null) => (r?.load && r.floor ? r.load.rps / floorRps(r.floor) : Number.NaN);
/** A cached page's req/s ÷ the mean of the static-routed runs on either side of it, in each round (CACHED_ROUNDS). */
export const routedRatios = (r: PageRun): number[] =>
  r.load && r.routed
    ? [r.load.rps / floorRps(r.routed), ...r.moreRounds.map((round) => round.load.rps / floorRps(round.routed))]
    : [];
/** The median of a cached page's rounds against the static-routed floor: the figure its budget judges. */
export const routedRatio = (r: PageRun) => {
  const sorted = routedRatios(r).toSorted((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** The static floor behind asset routing ÷ the static floor, both measured beside the same cached page. */
export const routedVsStatic = (r: PageRun) =>
  r.routed && r.floor ? floorRps(r.routed) / floorRps(r.floor) : Number.NaN;

const workerdMs = (cpu: ServerCpu | null) => fmt(cpu?.workerdMs ?? Number.NaN, 2);
const floorWorkerdMs = (floor: FloorPair) =>
  fmt(
    floorMean(floor, (run) => run.serverCpu.workerdMs),
    2,
  );

function floorSummaries(app: AppFigures) {
  // A floor's runs, each once (a run after one page is the run before the next).
  const floorsOf = (kind: FloorKind) => [
    ...new Set(app.runs.flatMap((r) => (r.floor?.kind === kind ? [r.floor.before, r.floor.after] : []))),
  ];
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
  const routedPairs = app.runs.flatMap((r) =>
    r.routed ? [r.routed, ...r.moreRounds.map((round) => round.routed)] : [],
  );
  const routedRuns = [...new Set(routedPairs.flatMap((pair) => [pair.before, pair.after]))];
  return { floorsOf, floors, routedRuns };
}

/**
 * Prints the floors', the pages' and the cached pages' tables; what the budgets and the results file read from them.
 */
export function summarise(app: AppFigures) {
  section("Summary: floors (run between the app's pages; a page's ratio takes the mean of the runs on either side)");
  const { floorsOf, floors, routedRuns } = floorSummaries(app);
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
  const bareMean = floors.find((f) => f.kind === "bare")?.rps ?? Number.NaN;

  section(
    `Summary: ${BRAND.slug} pages vs floors (req/s ratio = page req/s ÷ the mean req/s of its floor's runs just before and after it; both floors serve / only)`,
  );
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
      r.mode === "anonymous" ? "anonymous (not cacheable)" : r.mode,
      String(r.pageBytes),
      r.load ? fmt(r.load.rps, 1) : "-",
      r.load ? fmt(r.load.p50, 2) : "-",
      r.load ? fmt(r.load.p99, 2) : "-",
      r.floor ? `${r.floor.kind} ${fmt(r.floor.before.load.rps, 1)} / ${fmt(r.floor.after.load.rps, 1)}` : "-",
      fmt(vsFloor, 3),
      r.load ? cacheSummary(r.load.counts) : r.error ? "not measured" : "-",
      r.load ? String(non200(r.load)) : "-",
      r.load
        ? `${fmt(r.otherLoadDuring * 100, 0)}%${r.measuredAgain ? ` (measured ${r.measuredAgain + 1}x)` : ""}`
        : "-",
      fmt(r.serverCpu?.workerdMs ?? Number.NaN, 2),
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

  section("Cached pages against the static page behind the same asset routing (bench/floors/static-routed)");
  table(
    [
      "page",
      "req/s",
      "static-routed before / after",
      "÷ static-routed, each round",
      "median (the budget's)",
      "static-routed ÷ static-worker",
      "÷ static-worker",
      "workerd ms/request: page, static-worker, static-routed",
      "workerd MB after: page, static-routed",
    ],
    app.runs.flatMap((r) =>
      r.routed
        ? [
            [
              r.page,
              r.load ? fmt(r.load.rps, 1) : "-",
              `${fmt(r.routed.before.load.rps, 1)} / ${fmt(r.routed.after.load.rps, 1)}`,
              routedRatios(r)
                .map((ratio) => fmt(ratio, 3))
                .join(", "),
              fmt(routedRatio(r), 3),
              fmt(routedVsStatic(r), 3),
              fmt(ratioOf(r), 3),
              `${workerdMs(r.serverCpu)}, ${r.floor ? floorWorkerdMs(r.floor) : "-"}, ${floorWorkerdMs(r.routed)}`,
              `${fmt(r.serverCpu?.workerdMb ?? Number.NaN, 0)}, ${fmt(r.routed.after.serverCpu.workerdMb, 0)}`,
            ],
          ]
        : [],
    ),
    [false, true, true, true, true, true, true, true, true],
  );
  console.log(
    `  req/s, static-routed and the workerd columns are round 1's; rounds 2 to ${CACHED_ROUNDS} measure the three pages again in turn, each`,
  );
  console.log("  between two runs of the static-routed floor; the budget judges the median of a page's rounds.");
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
  console.log(
    "  A local server slows as it ages: workerd's resident memory grows with every request it serves and is not given back",
  );
  console.log(
    "  (docs/measurements/request-cpu.md), so a server that has served more answers slower; the MB column shows each one's age.",
  );
  const find = (page: string, mode: Mode) => app.runs.find((r) => r.page === page && r.mode === mode) ?? null;
  return { floors, floorsOf, routedRuns, bareMean, pageRows, find };
}

export type Summary = ReturnType<typeof summarise>;

/**
 * Prints the errors (which make the run invalid) and notes the warnings: responses under load that were not 200, wrk's
 * socket errors, runs still busy after being measured again, a page cache that did not answer as expected.
 */
export function judgeRuns(app: AppFigures, summary: Summary, warnings: string[], invalidEvents: string | null) {
  let invalid = false;
  const noisy: string[] = [];
  const again: string[] = [];
  for (const e of [...(invalidEvents ? [invalidEvents] : []), ...app.errors]) {
    invalid = true;
    console.error(`  ERROR: ${e}`);
  }
  const other = (run: { otherLoadDuring: number }) => Math.max(app.otherLoadIdle, run.otherLoadDuring);
  const loads: { name: string; load: Load; other: number; measuredAgain: number }[] = [
    ...app.runs.flatMap((r) =>
      r.load ? [{ name: `${r.page} ${r.mode}`, load: r.load, other: other(r), measuredAgain: r.measuredAgain }] : [],
    ),
    ...app.runs.flatMap((r) =>
      r.moreRounds.map((round, index) => ({
        name: `${r.page} ${r.mode} round ${index + 2}`,
        load: round.load,
        other: other(round),
        measuredAgain: round.measuredAgain,
      })),
    ),
    ...summary.floors.flatMap((f) =>
      f.runs.map((run, index) => ({ name: `${f.name} run ${index + 1}`, ...run, other: other(run) })),
    ),
    ...summary.routedRuns.map((run, index) => ({
      name: `floor static-routed run ${index + 1}`,
      ...run,
      other: other(run),
    })),
  ];
  for (const { name, load, other, measuredAgain } of loads) {
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
    if (measuredAgain > 0) again.push(`${name} (${measuredAgain + 1} runs)`);
  }
  for (const r of app.runs) {
    if (!r.checkOk && !r.error) warnings.push(`${r.page} ${r.mode}: unexpected before the run: ${r.check}`);
    for (const load of [r.load, ...r.moreRounds.map((round) => round.load)]) {
      const cache = load?.counts?.cache;
      if (!load || !cache) continue;
      if (r.mode === "cached") {
        const missed = Object.entries(cache)
          .filter(([value]) => value !== "HIT")
          .reduce((sum, [, n]) => sum + n, 0);
        if (missed > 0)
          warnings.push(
            `${r.page} cached: ${missed} of ${load.requests} responses under load were not x-page-cache HIT (${cacheSummary(load.counts)})`,
          );
      } else if (Object.keys(cache).some((value) => value !== "absent")) {
        warnings.push(`${r.page} ${r.mode}: responses under load carried x-page-cache (${cacheSummary(load.counts)})`);
      }
    }
  }
  if (again.length > 0) {
    console.log(
      `  measured again because other processes took over ${BUSY_WARN * 100}% of the CPU (the quietest run kept): ${again.join(", ")}`,
    );
  }
  if (noisy.length > 0) {
    warnings.push(
      `other processes used over ${BUSY_WARN * 100}% of the CPU around the load tests, even after measuring again up to ${MEASURE_AGAIN} times (${noisy.join(", ")}): the req/s and latencies, and the ratios, are skewed; rerun on a quiet machine`,
    );
  }
  return invalid;
}

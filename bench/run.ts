// npm run bench: production build, client JS per route and server bundle size (gzip), then pages of one brand under
// load next to floors served the same way (workerd behind `vite preview`), each page between two runs of its floor
// (this machine's speed drifts within a run, so a ratio takes the floor measured on either side of its page), once
// every server has been brought to its steady state (settings.ts STEADY_FLOOR_ARGS, STEADY_PAGE_ARGS):
//   static-worker      a worker that returns one fixed page as large as the app's home page
//   static-routed      the same page from a worker with static assets: locally each of its requests passes Miniflare's
//                      asset router first, as the app's pages do; the cached pages' budget is measured against it,
//                      in three rounds (settings.ts CACHED_ROUNDS), the median of a page's rounds judged
//   bare-react-router  React Router framework mode on the Cloudflare Vite plugin, one index route, no data
// The app's pages (brand WPX-ES, by its host wpx-es.localhost) are each measured twice:
//   cached    anonymous requests, served from the app worker's edge page cache (x-page-cache: HIT, checked)
//   uncached  the same with a session cookie (from GET /api/session), which bypasses that cache: every request renders
// Search pages are not edge-cached; they are measured anonymous and with the session, and marked "not cacheable". The
// cart and checkout pages are measured only with a session that holds a cart (one product added by POST /cart); the
// account pages (home, orders) only signed in as the brand's demo customer (POST /login). The marketing dashboard's
// answer time is measured signed in as the demo marketer, on the volume of 1 million page events
// (bench/marketing-*.ts). With the app still up, Lighthouse (mobile) audits the home, a category and a product page of
// three brands through a local compressing front, three times each, the median kept (bench/lighthouse.ts), and the
// design creator's interaction to next paint with a 25-page photo book and 100 tray photos on a 4x slowed CPU
// (bench/editor-inp.ts). A run during which other processes took more than 15% of the CPU is measured again, up to
// twice, before it is judged (bench/load.ts). Budgets come from
// bench/budgets.json: over budget prints OVER but exits 0; only errors exit non-zero. Every request goes to 127.0.0.1,
// and every server started here is stopped at the end, on error or on Ctrl-C. Logs of each build and server and a JSON
// copy of the results go to bench/results/ (git-ignored). The modules, one concern each: settings.ts, processes.ts
// (servers and commands), load.ts (wrk runs), cpu.ts (/proc), app-requests.ts (sessions, page checks), floors.ts,
// pages.ts (the app under load), bundles.ts, report.ts, budgets.ts, print-files.ts (the print files, in Miniflare).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureDevVars } from "../scripts/dev-vars.ts";
import { seedDemoAccounts } from "../scripts/demo-accounts.ts";
import { applyLocalMigrations } from "../scripts/migrations.ts";
import { judgeBudgets } from "./budgets.ts";
import { reportBundles } from "./bundles.ts";
import { type EventFigures, measureEventIngestion } from "./events.ts";
import { FLOOR_DIRS, startFloors } from "./floors.ts";
import { describeData } from "./marketing-dashboard.ts";
import { fillMarketingBench } from "./marketing-data.ts";
import { measureApp } from "./pages.ts";
import { reportPrintFiles } from "./print-files.ts";
import { errorText, fmt, rel, section } from "./print.ts";
import { assertPortsFree, assertToolsPresent, runOrThrow, stopAll, stopEverythingOnExit } from "./processes.ts";
import { judgeRuns, routedRatio, routedRatios, routedVsStatic, type Summary, summarise } from "./report.ts";
import {
  BENCH,
  BRAND,
  PORTS,
  quietLocalRuntime,
  RESULTS,
  ROOT,
  WARMUP_ARGS,
  WRK_ARGS,
  WRK_SCRIPT,
} from "./settings.ts";

quietLocalRuntime();
stopEverythingOnExit();

/** Page events written through the queue and one INSERT per event; `invalid` says what went wrong, if anything. */
async function reportEventIngestion(): Promise<{ events: EventFigures | null; invalid: string | null }> {
  section("Event ingestion: the built app worker in Miniflare, a throwaway D1, the real Queue (bench/events.ts)");
  try {
    const events = await measureEventIngestion();
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
    return { events, invalid: events.lost > 0 ? `event ingestion lost ${events.lost} events` : null };
  } catch (error) {
    const invalid = `event ingestion: ${errorText(error)}`;
    console.error(`  ERROR: ${invalid}`);
    return { events: null, invalid };
  }
}

/** The pages' figures as saved in bench/results/latest.json. */
function pageResults(summary: Summary) {
  return summary.pageRows.map(({ run: r, vsFloor }) => ({
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
      ? {
          rpsBefore: r.routed.before.load.rps,
          rpsAfter: r.routed.after.load.rps,
          rpsVsRouted: routedRatio(r),
          rpsVsRoutedEachRound: routedRatios(r),
          moreRounds: r.moreRounds.map((round) => ({
            rps: round.load.rps,
            routedRpsBefore: round.routed.before.load.rps,
            routedRpsAfter: round.routed.after.load.rps,
            serverCpuMsPerRequest: round.serverCpu,
          })),
          routedVsStatic: routedVsStatic(r),
        }
      : null,
    otherCpuLoadDuring: Number.isFinite(r.otherLoadDuring) ? r.otherLoadDuring : null,
    measuredAgain: r.measuredAgain,
    serverCpuMsPerRequest: r.serverCpu,
    wrk: r.load,
  }));
}

async function main() {
  const started = performance.now();
  process.chdir(ROOT);
  mkdirSync(RESULTS, { recursive: true });
  assertToolsPresent();
  await assertPortsFree();
  const budgets = JSON.parse(readFileSync(path.join(BENCH, "budgets.json"), "utf8")) as Record<string, number>;
  const warnings: string[] = [];

  section("Build");
  // As scripts/start.ts: local secrets and D1 migrations (both idempotent), the production build, the demo accounts.
  ensureDevVars();
  applyLocalMigrations();
  await runOrThrow("npm run build", "npm", ["run", "build"], { log: path.join(RESULTS, "build-app.log") });
  await seedDemoAccounts();
  const marketingData = await fillMarketingBench();
  console.log(`  marketing dashboard data: ${describeData(marketingData)}`);
  await runOrThrow("bare-react-router floor build", "npx", ["react-router", "build"], {
    cwd: FLOOR_DIRS.bare,
    log: path.join(RESULTS, "build-bare-react-router.log"),
  });

  const bundles = reportBundles(warnings);
  const { events, invalid: invalidEvents } = await reportEventIngestion();
  const printFiles = await reportPrintFiles(budgets);

  section(
    `Load: ${BRAND.slug} pages (Host ${BRAND.host}), each between runs of its floor (wrk ${WRK_ARGS.join(" ")} -s bench/wrk-counts.lua, after a steady-state pass and a 1 s warm-up; vite preview + workerd)`,
  );
  const app = await measureApp(PORTS.app, (homeBytes) => startFloors(homeBytes, warnings));
  if (!existsSync(bundles.client.manifestFile))
    warnings.push(
      `build/ was rebuilt by another process while the bench ran (${rel(bundles.client.manifestFile)} is gone)`,
    );

  const summary = summarise(app);
  const invalidRuns = judgeRuns(app, summary, warnings, invalidEvents);
  const { checks, invalid: invalidBudgets } = judgeBudgets(
    budgets,
    { bundles, app, summary, events, marketingData, printFiles },
    warnings,
  );

  for (const w of warnings) console.log(`  warning: ${w}`);
  const results = {
    date: new Date().toISOString(),
    clientJs: bundles.client.rows,
    serverBundle: bundles.server,
    bareReactRouterClientJsKb: bundles.bareMax,
    load: {
      wrk: { args: WRK_ARGS, warmUp: WARMUP_ARGS, script: rel(WRK_SCRIPT) },
      brand: BRAND,
      otherCpuLoadIdleApp: app.otherLoadIdle,
      floors: Object.fromEntries(
        summary.floors.map(({ name, runs, rps, min, max }) => [
          name,
          { runs: runs.length, rpsMean: rps, rpsSlowest: min, rpsFastest: max },
        ]),
      ),
      pages: pageResults(summary),
    },
    uploads: app.uploads,
    phoneUpload: app.phoneUpload,
    marketingDashboard: { data: marketingData, timings: app.marketing },
    lighthouse: app.lighthouse,
    editorInteractionToNextPaint: app.editorInp,
    events,
    printFiles,
    budgets: checks,
    warnings,
  };
  writeFileSync(path.join(RESULTS, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(
    `\nResults: ${rel(path.join(RESULTS, "latest.json"))}; total ${((performance.now() - started) / 1000).toFixed(0)}s`,
  );
  if (invalidRuns || invalidBudgets) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`\nbench failed: ${errorText(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

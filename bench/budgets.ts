// Judges bench/budgets.json: each budget's figure against its limit, PASS or OVER (N/A when it was not measured, which
// also makes the run invalid). Over budget is printed, never an exit code of its own.
import type { Bundles } from "./bundles.ts";
import { label } from "./bundles.ts";
import type { EventFigures } from "./events.ts";
import type { LighthouseRun } from "./lighthouse.ts";
import { describeData } from "./marketing-dashboard.ts";
import type { BenchData } from "./marketing-data.ts";
import type { AppFigures, PageRun } from "./pages.ts";
import type { PrintFileFigures } from "./print-files.ts";
import { fmt, section, table } from "./print.ts";
import { ratioOf, routedRatio, routedRatios, routedVsStatic, type Summary } from "./report.ts";

export type Check = { actual: number; limit: number; pass: boolean; known?: boolean; text: string };
type Figures = {
  bundles: Bundles;
  app: AppFigures;
  summary: Summary;
  events: EventFigures | null;
  marketingData: BenchData;
  printFiles: PrintFileFigures | null;
};

const atMost = (actual: number, limit: number, text: string): Check => ({
  actual,
  limit,
  pass: actual <= limit,
  known: Number.isFinite(actual),
  text,
});
const atLeast = (actual: number, limit: number, what: string): Check => {
  const known = Number.isFinite(actual);
  return {
    actual,
    limit,
    pass: known && actual >= limit,
    known,
    text: `${what}: ${known ? fmt(actual, 3) : "not measured"} >= ${limit}`,
  };
};
const tail = (load: { p50: number; p99: number }) => load.p99 / load.p50;

const LIGHTHOUSE_CATEGORIES: Record<string, keyof LighthouseRun["scores"]> = {
  lighthousePerformanceMin: "performance",
  lighthouseAccessibilityMin: "accessibility",
  lighthouseBestPracticesMin: "best-practices",
  lighthouseSeoMin: "seo",
};

/** Every budget's checks (some budgets check several pages, each its own row). */
function checksOf(key: string, limit: number, figures: Figures, warnings: string[]): Record<string, Check> {
  const { bundles, app, summary, events } = figures;
  const { find } = summary;
  const uncached = (pages: string[], what: string) =>
    Object.fromEntries(
      pages.map((page) => [
        `${key} (${page})`,
        atLeast(ratioOf(find(page, "uncached")), limit, `${what} ${page} req/s ÷ bare React Router req/s`),
      ]),
    );
  switch (key) {
    case "clientJsPerRouteKbGzip": {
      const { maxRoute } = bundles;
      return {
        [key]: atMost(
          maxRoute.routeKb,
          limit,
          `largest route ${label(maxRoute.ids)}: ${fmt(maxRoute.routeKb, 1)} KB <= ${limit} KB`,
        ),
      };
    }
    case "catalogueClientJsPerRouteKbGzip": {
      const catalogue = bundles.uiRows.filter((r) => r.ids.some((id) => /^(home|slug|search|cart|tag)(\.|$)/.test(id)));
      const largest = catalogue.reduce((a, b) => (b.routeKb > a.routeKb ? b : a));
      return {
        [key]: atMost(
          largest.routeKb,
          limit,
          `largest catalogue route (home, category and product, search, tag, cart) ${label(largest.ids)}: ${fmt(largest.routeKb, 1)} KB <= ${limit} KB`,
        ),
      };
    }
    case "creatorFirstLoadKbGzip":
      return {
        [key]: atMost(
          bundles.creator.firstLoadKb,
          limit,
          `creator route's first load beyond the shared entry: ${fmt(bundles.creator.firstLoadKb, 1)} KB <= ${limit} KB`,
        ),
      };
    case "creatorCanvasChunkKbGzip":
      return {
        [key]: atMost(
          bundles.creator.lazyKb,
          limit,
          `creator's editor (canvas) loaded after painting: ${fmt(bundles.creator.lazyKb, 1)} KB <= ${limit} KB`,
        ),
      };
    case "serverBundleKbGzip":
      return {
        [key]: atMost(bundles.server.gzipKb, limit, `build/server: ${fmt(bundles.server.gzipKb, 1)} KB <= ${limit} KB`),
      };
    case "homeVsBareReactRouterThroughputRatioMin": {
      // The same request as before the page cache (anonymous GET /), so now a cache hit, against the bare floor's mean
      // (it is measured only next to uncached pages); the uncached ratio is printed below.
      const home = find("home", "cached");
      const ratio = home?.load ? home.load.rps / summary.bareMean : Number.NaN;
      return { [key]: atLeast(ratio, limit, "home req/s (anonymous, so edge-cached) ÷ bare React Router req/s") };
    }
    case "cachedHomeVsStaticThroughputRatioMin":
      return { [key]: atLeast(ratioOf(find("home", "cached")), limit, "cached home req/s ÷ static floor req/s") };
    case "cachedPagesVsStaticRoutedThroughputRatioMin":
      // Both behind the same local asset routing, which the edge does not bill to the worker; the static floor's own
      // ratio to the bare static worker is printed beside it (docs/decisions/0045).
      return Object.fromEntries(
        ["home", "category", "product"].map((page) => {
          const run = find(page, "cached");
          const beside = run
            ? ` (static-routed ÷ static-worker beside it: ${fmt(routedVsStatic(run), 3)}; page ÷ static-worker: ${fmt(ratioOf(run), 3)})`
            : "";
          return [
            `${key} (${page})`,
            atLeast(
              run ? routedRatio(run) : Number.NaN,
              limit,
              `cached ${page} req/s ÷ static-routed req/s, median of ${run ? routedRatios(run).length : 0} rounds${beside}`,
            ),
          ];
        }),
      );
    case "productVsBareReactRouterThroughputRatioMin":
      return {
        [key]: atLeast(ratioOf(find("product", "uncached")), limit, "uncached product req/s ÷ bare React Router req/s"),
      };
    case "uncachedCataloguePagesVsBareReactRouterThroughputRatioMin":
      // Issue 11: every page a buyer's session renders, each against the bare floor.
      return uncached(["home", "category", "product", "search"], "uncached");
    case "cartAndCheckoutVsBareReactRouterThroughputRatioMin":
      return uncached(["cart", "checkout"], "uncached");
    case "accountPagesVsBareReactRouterThroughputRatioMin":
      // A signed-in customer's pages: each one, rendered every request, against the same floor as any uncached page.
      return uncached(["accounts-home", "accounts-orders"], "signed-in");
    case "uncachedP99VsP50VsBareFloorWorstMax": {
      // The app's worst tail against this machine's own under the same load in the same run: the bare floor's worst.
      const worst = app.runs
        .filter((r) => r.mode === "uncached" && r.load)
        .reduce<PageRun | null>((a, b) => (!a?.load || (b.load && tail(b.load) > tail(a.load)) ? b : a), null);
      const bareTails = summary.floorsOf("bare").map((run) => tail(run.load));
      const floorWorst = bareTails.length ? Math.max(...bareTails) : Number.NaN;
      const pageTail = worst?.load ? tail(worst.load) : Number.NaN;
      const ratio = pageTail / floorWorst;
      return {
        [key]: atMost(
          ratio,
          limit,
          `worst p99 ÷ p50 of the uncached pages (${worst?.page ?? "none"}) ${fmt(pageTail, 2)} ÷ the bare floor's own worst in this run ${fmt(floorWorst, 2)} (its runs ${fmt(Math.min(...bareTails), 2)} to ${fmt(floorWorst, 2)}): ${fmt(ratio, 2)} <= ${limit}`,
        ),
      };
    }
    case "eventConsumerBatchVsSingleInsertSpeedupMin": {
      // The consumer's batch writes (events/s of its own time) against one INSERT per event, nothing lost; the
      // end-to-end figure through the local queue is printed beside it (bench/events.ts, docs/decisions/0026 and 0045).
      const speedup = events ? events.consumerPerSecond / events.singlePerSecond : Number.NaN;
      const check = atLeast(
        speedup,
        limit,
        `the consumer's batch writes ÷ one INSERT per event (events/s; end to end through the local queue: ${events ? fmt(events.speedup, 1) : "n/a"}x; lost: ${events ? events.lost : "n/a"})`,
      );
      return { [key]: { ...check, pass: check.pass && events?.lost === 0 } };
    }
    case "marketingDashboardMsMax": {
      // Its heaviest view (all brands, 90 days), p95 of requests one after another on the 1-million-event volume.
      const heaviest = app.marketing?.[0];
      const volume = describeData(figures.marketingData).split(" (")[0];
      return {
        [key]: heaviest
          ? atMost(
              heaviest.p95,
              limit,
              `marketing dashboard, all brands over 90 days (${volume}): p95 ${fmt(heaviest.p95, 1)} ms <= ${limit} ms`,
            )
          : { actual: Number.NaN, limit, pass: false, known: false, text: "marketing dashboard: not measured" },
      };
    }
    case "editorInteractionToNextPaintMsMax": {
      const inp = app.editorInp;
      return {
        [key]: inp
          ? atMost(
              inp.worstMs,
              limit,
              `creator, a book of ${inp.pages} pages and ${inp.trayPhotos} tray photos on a 4x slowed CPU: worst interaction to next paint ${fmt(inp.worstMs, 0)} ms (${inp.worstEvent}) <= ${limit} ms`,
            )
          : {
              actual: Number.NaN,
              limit,
              pass: false,
              known: false,
              text: "creator interaction to next paint: not measured",
            },
      };
    }
    case "phonePhotoUploadAt10MbitMsMax": {
      const ms = app.phoneUpload?.ms ?? Number.NaN;
      return {
        [key]: atMost(
          ms,
          limit,
          `12-megapixel phone photo chosen to placed in the creator over 10 Mbit/s: ${fmt(ms, 0)} ms <= ${limit} ms`,
        ),
      };
    }
    case "photoBookPrintFileSecondsMax":
    case "photoBookPrintFileMemoryMbMax":
    case "posterPrintFileSecondsMax": {
      // The print-files worker in Miniflare (bench/print-files.ts): wall time of the request, and workerd's resident
      // set growth while it ran (an upper bound: the local R2 runs in the same process).
      const files = figures.printFiles;
      const [actual, text] =
        key === "photoBookPrintFileSecondsMax"
          ? [files?.book.seconds, "24-page photo book's print file, 48 photos of 12 MP: seconds"]
          : key === "photoBookPrintFileMemoryMbMax"
            ? [files?.book.rssGrowthMb, "the same file: workerd RSS growth, MB"]
            : [files?.poster.seconds, "70 x 100 cm poster's print file, one 48 MP photo: seconds"];
      return { [key]: atMost(actual ?? Number.NaN, limit, `${text} ${fmt(actual ?? Number.NaN, 2)} <= ${limit}`) };
    }
    case "lighthouseClsMax": {
      const runs = app.lighthouse ?? [];
      const worst = runs.reduce<LighthouseRun | null>((a, b) => (!a || b.cls > a.cls ? b : a), null);
      const cls = worst?.cls ?? Number.NaN;
      return {
        [key]: atMost(
          cls,
          limit,
          `largest Lighthouse CLS of ${runs.length} pages (${worst ? `${worst.brand} ${worst.page}` : "none"}): ${fmt(cls, 3)} <= ${limit}`,
        ),
      };
    }
    default: {
      const category = LIGHTHOUSE_CATEGORIES[key];
      if (!category) {
        warnings.push(`bench/budgets.json: unknown budget "${key}" ignored`);
        return {};
      }
      const runs = app.lighthouse ?? [];
      const lowest = runs.reduce<LighthouseRun | null>(
        (a, b) => (!a || b.scores[category] < a.scores[category] ? b : a),
        null,
      );
      const score = lowest?.scores[category] ?? Number.NaN;
      return {
        [key]: {
          actual: score,
          limit,
          pass: score >= limit,
          known: !!lowest,
          text: `lowest Lighthouse ${category} of ${runs.length} pages, each its median audit (${lowest ? `${lowest.brand} ${lowest.page}` : "none"}): ${fmt(score, 0)} >= ${limit}`,
        },
      };
    }
  }
}

/** Prints the budgets' table; `invalid` when a budget's figure was not measured. */
export function judgeBudgets(budgets: Record<string, number>, figures: Figures, warnings: string[]) {
  section("Budgets (bench/budgets.json)");
  const checks: Record<string, Check> = {};
  for (const [key, limit] of Object.entries(budgets)) Object.assign(checks, checksOf(key, limit, figures, warnings));
  table(
    ["budget", "result", "check"],
    Object.entries(checks).map(([key, c]) => [key, c.known === false ? "N/A" : c.pass ? "PASS" : "OVER", c.text]),
    [false, false, false],
  );
  console.log(
    `  for reference: uncached home (rendered every request) ÷ bare React Router: ${fmt(ratioOf(figures.summary.find("home", "uncached")), 3)}`,
  );
  const invalid = Object.values(checks).some((c) => c.known === false);
  return { checks, invalid };
}

// The app under load: serves the build once and measures every page of PAGES, cached (anonymous) then uncached (with a
// session), each run between two runs of its floor (the static worker for a cached page, bare React Router otherwise):
// this machine's speed drifts by a fifth within a run, so a ratio takes the floor measured on either side of its page;
// the cached pages are then measured again in turn against the static-routed floor (settings.ts CACHED_ROUNDS). The
// cached pages come first, as soon as the floors are up, so that the app and its floors have served about as much; then
// the uploads and the marketing dashboard, the other pages, and once the floors are stopped, Lighthouse.
import { cartSessionCookie, checkPage, get, type Mode, sessionCookie, signedInCookie } from "./app-requests.ts";
import { cpuMark, otherLoad, type ServerCpu } from "./cpu.ts";
import { type Floor, type FloorKind, type FloorPair, type FloorRun, floorRun } from "./floors.ts";
import { describeEditorInp, type EditorInp, measureEditorInp } from "./editor-inp.ts";
import { measureLighthouse, type LighthouseRun } from "./lighthouse.ts";
import { type Load, loadTest, type Measured, warmUp } from "./load.ts";
import { describeTiming, measureMarketingDashboard, type Timing } from "./marketing-dashboard.ts";
import { errorText, fmt, sleep } from "./print.ts";
import { type Server, startPreview, stopServer } from "./processes.ts";
import {
  BRAND,
  CACHED_ROUNDS,
  DEMO_CUSTOMER,
  HOST,
  PAGES,
  ROOT,
  SESSION_COOKIE,
  STEADY_CACHED_ARGS,
  STEADY_FLOOR_ARGS,
  STEADY_PAGE_ARGS,
} from "./settings.ts";
import { benchPhoto, measureUploads, type UploadFigures } from "./uploads.ts";
import { measurePhoneUpload, type PhoneUploadFigures } from "./phone-upload.ts";

/** A cached page's later round against the static-routed floor (CACHED_ROUNDS): its run, the floor's on either side. */
export type RoutedRound = Measured & { measuredAgain: number; routed: FloorPair };

export type PageRun = {
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
  /** How many more times the run was measured because other processes were busy (load.ts). */
  measuredAgain: number;
  serverCpu: ServerCpu | null;
  /** Its floor's runs just before and just after this page's: its ratio is page req/s ÷ their mean req/s. */
  floor: ({ kind: FloorKind } & FloorPair) | null;
  /** A cached page's runs of the static page behind asset routing just before and after it. */
  routed: FloorPair | null;
  /** A cached page's rounds after this first one, each between two runs of the static-routed floor. */
  moreRounds: RoutedRound[];
  error: string | null;
};

export type AppFigures = {
  runs: PageRun[];
  otherLoadIdle: number;
  errors: string[];
  uploads: UploadFigures | null;
  /** A 12-megapixel phone photo chosen in the creator and placed, over an emulated 10 Mbit/s link. */
  phoneUpload: PhoneUploadFigures | null;
  marketing: Timing[] | null;
  lighthouse: LighthouseRun[] | null;
  editorInp: EditorInp | null;
};

/** Runs one measurement beside the load runs; a failure is noted in `errors` and gives null. */
async function besides<T>(what: string, errors: string[], measure: () => Promise<T>): Promise<T | null> {
  try {
    return await measure();
  } catch (error) {
    errors.push(`${what}: ${errorText(error)}`);
    console.error(`  ERROR: ${what}: ${errorText(error)}`);
    return null;
  }
}

/** The app's sessions: anonymous, with one product in the cart, signed in as the demo customer. */
async function sessions(port: number, host: string) {
  const cookie = await sessionCookie(port, host);
  console.log(`  session: GET /api/session (Host ${host}) -> ${SESSION_COOKIE} cookie, accepted when sent back`);
  const cartCookie = await cartSessionCookie(port, host);
  console.log(`  cart session: one product added with POST /cart (intent=add), GET /cart -> 200`);
  const customerCookie = await signedInCookie(port, host);
  console.log(`  signed-in session: POST /login as ${DEMO_CUSTOMER.email}, GET /accounts/home -> 200`);
  return { cookie, cartCookie, customerCookie };
}

/** Every page in each of its modes, the cached runs first, each run with the session it is measured with. */
function plan({ cookie, cartCookie, customerCookie }: Awaited<ReturnType<typeof sessions>>) {
  return PAGES.flatMap((entry) => {
    const withCart = "withCart" in entry && entry.withCart;
    const signedIn = "signedIn" in entry && entry.signedIn;
    const modes: Mode[] = withCart || signedIn ? ["uncached"] : [entry.cacheable ? "cached" : "anonymous", "uncached"];
    return modes.map((mode) => ({
      entry,
      mode,
      sessionOf: withCart ? cartCookie : signedIn ? customerCookie : cookie,
    }));
  }).sort((a, b) => Number(b.mode === "cached") - Number(a.mode === "cached"));
}

/**
 * Measures every planned page between runs of its floor (floor, page, floor, page, ..., floor), so a page's ratio takes
 * the mean of the floor runs on either side of it, which cancels a steady drift; after a steady-state pass.
 */
async function measurePages(
  port: number,
  server: Server,
  floors: Record<FloorKind, Floor>,
  planned: ReturnType<typeof plan>,
  errors: string[],
): Promise<PageRun[]> {
  const host = `${BRAND.host}:${port}`;
  const url = (pathname: string) => `http://${HOST}:${port}${pathname}`;
  const headersOf = (mode: Mode, session: string) => [
    `Host: ${host}`,
    ...(mode === "uncached" ? [`Cookie: ${session}`] : []),
  ];
  const cached = planned.every(({ mode }) => mode === "cached");
  const used = new Set(
    planned.flatMap(({ mode }): FloorKind[] => (mode === "cached" ? ["static", "routed"] : ["bare"])),
  );
  const warmed = Object.values(floors).filter((floor) => used.has(floor.kind));
  const floorArgs = cached ? STEADY_CACHED_ARGS : STEADY_FLOOR_ARGS;
  const pageArgs = cached ? STEADY_CACHED_ARGS : STEADY_PAGE_ARGS;
  console.log(
    `  steady state first, not measured: ${warmed.map((floor) => floor.name).join(", ")} under load for ${floorArgs.at(-1)} each, then each page in its mode for ${pageArgs.at(-1)}`,
  );
  for (const floor of warmed) await warmUp(floor.url, [], floorArgs);
  for (const { entry, mode, sessionOf } of planned) await warmUp(url(entry.path), headersOf(mode, sessionOf), pageArgs);
  const runs: PageRun[] = [];
  let lastFloor: (FloorRun & { kind: FloorKind }) | null = null;
  let lastRouted: FloorRun | null = null;
  // Rounds 2 to CACHED_ROUNDS of the cached pages, in turn, once the first round of them is done.
  let roundsDone = false;
  const laterRounds = async () => {
    roundsDone = true;
    for (let round = 2; round <= CACHED_ROUNDS; round++) {
      for (const run of runs) {
        if (run.mode !== "cached" || !run.load || !lastRouted) continue;
        const name = `app-${run.page}-cached-round-${round}`;
        const measured = await loadTest(name, url(run.path), server.child.pid, headersOf("cached", ""));
        const after = await floorRun(floors.routed, `after-${run.page}-cached-round-${round}`);
        run.moreRounds.push({ ...measured, routed: { before: lastRouted, after } });
        lastRouted = after;
      }
    }
  };
  for (const { entry, mode, sessionOf } of planned) {
    if (mode !== "cached" && !roundsDone) await laterRounds();
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
      otherLoadDuring: Number.NaN,
      measuredAgain: 0,
      serverCpu: null,
      floor: null,
      routed: null,
      moreRounds: [],
      error: check.error,
    };
    runs.push(run);
    console.log(`  ${name}: ${check.ok ? "ok" : "UNEXPECTED"}: ${check.check}`);
    if (check.error) {
      errors.push(`${page} ${mode}: ${check.error}; not load-tested`);
      console.error(`  ERROR: ${check.error}; not load-tested`);
      continue;
    }
    const floor = floors[mode === "cached" ? "static" : "bare"];
    const before =
      lastFloor?.kind === floor.kind
        ? lastFloor
        : { kind: floor.kind, ...(await floorRun(floor, `before-${page}-${mode}`)) };
    const routedBefore: FloorRun | null =
      mode === "cached" ? (lastRouted ?? (await floorRun(floors.routed, `before-${page}-${mode}`))) : null;
    const measured = await loadTest(name, url(pathname), server.child.pid, headersOf(mode, sessionOf));
    run.load = measured.load;
    run.otherLoadDuring = measured.otherLoadDuring;
    run.measuredAgain = measured.measuredAgain;
    run.serverCpu = measured.serverCpu;
    const after = { kind: floor.kind, ...(await floorRun(floor, `after-${page}-${mode}`)) };
    run.floor = { kind: floor.kind, before, after };
    lastFloor = after;
    if (routedBefore) {
      run.routed = { before: routedBefore, after: await floorRun(floors.routed, `after-${page}-${mode}`) };
      lastRouted = run.routed.after;
    }
  }
  if (!roundsDone) await laterRounds();
  return runs;
}

/** `floorsFor` starts the floors once the app's home page gives the static floors their size. */
export async function measureApp(
  port: number,
  floorsFor: (homeBytes: number) => Promise<Record<FloorKind, Floor>>,
): Promise<AppFigures> {
  const server = await startPreview("app", ROOT, port);
  const host = `${BRAND.host}:${port}`;
  const errors: string[] = [];
  try {
    const idleMark = cpuMark(server.child.pid);
    await sleep(1000);
    const otherLoadIdle = otherLoad(idleMark, cpuMark(server.child.pid));
    const planned = plan(await sessions(port, host));
    const homeBytes = (await get(port, "/", { host })).bytes;
    if (homeBytes === 0)
      throw new Error("the app's home page could not be fetched, so the static floor cannot be sized");
    const floors = await floorsFor(homeBytes);
    // The cached pages first, while the app has served no more than the floors started beside it: a ratio of two local
    // servers measures their ages as much as their code (docs/measurements/request-cpu.md, docs/decisions/0045).
    const cachedRuns = await measurePages(
      port,
      server,
      floors,
      planned.filter(({ mode }) => mode === "cached"),
      errors,
    );
    const uploads = await besides("uploads", errors, async () => {
      const figures = await measureUploads(
        `http://${HOST}:${port}`,
        await sessionCookie(port, host),
        await benchPhoto(),
      );
      console.log(
        `  upload of a ${fmt(figures.bytes / 1e6, 1)} MB photo: single request ${fmt(figures.singleMBps, 1)} MB/s (${fmt(figures.singleSeconds, 2)} s), in ${figures.partCount} parts, 3 at once, ${fmt(figures.partsMBps, 1)} MB/s (${fmt(figures.partsSeconds, 2)} s)`,
      );
      return figures;
    });
    const marketing = await besides("marketing dashboard", errors, async () => {
      const timings = await measureMarketingDashboard(port);
      for (const timing of timings)
        console.log(`  marketing dashboard (signed in as the demo marketer): ${describeTiming(timing)}`);
      return timings;
    });
    const otherRuns = await measurePages(
      port,
      server,
      floors,
      planned.filter(({ mode }) => mode !== "cached"),
      errors,
    );
    const runs = [...cachedRuns, ...otherRuns];
    for (const floor of Object.values(floors)) await stopServer(floor.server);
    // After the load, on the quiet server: Lighthouse times a real browser's page load.
    const lighthouse = await besides("lighthouse", errors, async () => {
      const audits = await measureLighthouse(port);
      for (const run of audits) {
        const { performance, accessibility, seo } = run.scores;
        console.log(
          `  lighthouse ${run.brand} ${run.page} ${new URL(run.url).pathname}: performance ${performance} (median of ${run.performanceRuns.join(", ")}), accessibility ${accessibility}, best practices ${run.scores["best-practices"]}, SEO ${seo}; FCP ${fmt(run.fcpMs, 0)} ms, LCP ${fmt(run.lcpMs, 0)} ms, TBT ${fmt(run.tbtMs, 0)} ms, CLS ${fmt(run.cls, 3)}${run.failing.length ? `; failing: ${run.failing.join(", ")}` : ""}`,
        );
      }
      return audits;
    });
    // The design creator's responsiveness with a book of many pages, in a browser on a slowed CPU.
    const editorInp = await besides("editor interaction to next paint", errors, async () => {
      const figures = await measureEditorInp(port);
      console.log(`  ${describeEditorInp(figures)}`);
      return figures;
    });
    const phoneUpload = await besides("phone photo upload", errors, async () => {
      const figures = await measurePhoneUpload(port);
      console.log(
        `  phone photo (${fmt(figures.photoBytes / 1e6, 1)} MB, 12 MP) chosen in the creator to placed over 10 Mbit/s: ${fmt(figures.ms, 0)} ms, ${fmt(figures.sentBytes / 1e6, 2)} MB sent (${figures.sentSize})`,
      );
      return figures;
    });
    return { runs, otherLoadIdle, errors, uploads, marketing, lighthouse, phoneUpload, editorInp };
  } finally {
    await stopServer(server);
  }
}

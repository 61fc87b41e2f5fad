// What npm run bench measures and how (bench/run.ts): its folders, ports, wrk's arguments, the brand and pages, and the
// environment every server it starts runs with.
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const BENCH = path.join(ROOT, "bench");
export const RESULTS = path.join(BENCH, "results");
export const FLOORS = path.join(BENCH, "floors");
export const HOST = "127.0.0.1";
export const PORTS = { app: 8791, static: 8792, bare: 8793, routed: 8795 };
// Short runs: the app's runs and the floor runs between them keep the load part near 4 minutes on 2 cores.
export const WRK_ARGS = ["-t2", "-c16", "-d6s", "--latency"];
export const WARMUP_ARGS = ["-t2", "-c16", "-d1s"];
/**
 * Before the first measured run, every server is brought to its steady state, not measured: each floor for 3 s, then
 * each planned page of the app (in its mode) for 2 s. A fresh isolate compiles the code it runs most as it runs it:
 * the first uncached page measured (the home) did 290 req/s in its first 5 s and 356 to 386 in the next four, so it
 * paid for the whole render's compilation while the pages after it did not; and the static floor's first run was
 * always its fastest (1,576 to 1,770 req/s against 1,080 to 1,290 for every later run), the one the cached home was
 * measured against. docs/decisions/0029.
 */
export const STEADY_FLOOR_ARGS = ["-t2", "-c16", "-d3s"];
export const STEADY_PAGE_ARGS = ["-t2", "-c16", "-d2s"];
/**
 * The cached pages and their floors are measured first, on servers that have served about as much (bench/pages.ts), and
 * each is brought to its plateau first for longer: in a bench with 2 s each, the app's workerd CPU per cached request
 * fell from 1.35-1.56 ms in round 1 to 0.81-1.09 ms in round 3 while the floors' was steady from the first round.
 */
export const STEADY_CACHED_ARGS = ["-t2", "-c16", "-d10s"];
/**
 * Each cached page is measured against the static-routed floor in this many rounds (round 1 beside the other floors,
 * then the three pages again in turn, each between two runs of that floor), and its budget judges the median of the
 * rounds' ratios, as Lighthouse's are judged (bench/lighthouse.ts). One 6 s run of a local server moves by more than
 * the app's whole edge work: the same static-routed floor did 695 then 630, and 853 then 654 req/s minutes apart, and
 * one run of the cached home gave 0.82 of it where the next bench gave 0.98 (docs/measurements/request-cpu.md).
 */
export const CACHED_ROUNDS = 3;
/** Counts status codes and x-page-cache values of every response (all targets, so each run has the same wrk cost). */
export const WRK_SCRIPT = path.join(BENCH, "wrk-counts.lua");
/**
 * The brand measured, picked by host (app/lib/brand/brands.ts); its session cookie (wrangler.jsonc
 * SESSION_COOKIE_NAME).
 */
export const BRAND = { slug: "WPX-ES", host: "wpx-es.localhost" };
export const SESSION_COOKIE = "__session";
/** The pages measured; `cacheable`: whether the app is expected to edge-cache the page for anonymous visitors. */
export const PAGES = [
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
export const DEMO_CUSTOMER = { email: `customer.${BRAND.slug.toLowerCase()}@example.com`, password: "Demo-store-2026" };
/** The product put in the cart of the cart pages' session. */
export const CART_PRODUCT_PATH = "/fotolibro";
export const READY_TIMEOUT_MS = 60_000;
export const KB = 1024;
/** Other processes' share of the CPU above which a run is measured again (up to MEASURE_AGAIN times), then reported. */
export const BUSY_WARN = 0.15;
export const MEASURE_AGAIN = 2;
/** A floor's runs further apart than this (slowest to fastest) are reported: the machine's speed drifted. */
export const DRIFT_WARN = 0.15;

/** Keeps the local runtime quiet and off the network; called once, before any server starts. */
export function quietLocalRuntime() {
  // Miniflare would otherwise fetch the `Request.cf` object from Cloudflare at start-up, and wrangler would send usage
  // metrics.
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
  process.env.WRANGLER_SEND_METRICS = "false";
  // Miniflare's local observability (on by default) streams a trace of every worker invocation to a collector in the
  // same process, for the local explorer: about 1.4 ms of CPU per signed-in page, whose request passes three workers,
  // and a fifth of the bare floor's. The edge ships traces off the request's path; every server started here runs
  // without it.
  process.env.X_LOCAL_OBSERVABILITY = "false";
  process.env.NO_UPDATE_NOTIFIER = "1";
  process.env.npm_config_update_notifier = "false";
}

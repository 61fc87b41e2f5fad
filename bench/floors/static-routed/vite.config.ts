// Floor (a) behind asset routing, for bench/run.ts: the static worker (its source and its build settings, with
// BENCH_PAGE_BYTES), from a worker that also has static assets (public/robots.txt: without a file the build has none),
// as the app does: every request then passes Miniflare's RPC proxy and asset router before the worker, as the app's
// pages do (vite.config.ts WORKER_FIRST). Information beside the cached pages' budget, not a floor of it.
export { default } from "../static-worker/vite.config.ts";

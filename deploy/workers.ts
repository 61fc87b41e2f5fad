/**
 * The workers the store is made of, in dependency order: a worker comes after every worker it binds to, so a new
 * version never calls a binding that is not there yet (Cloudflare refuses a service binding to a missing worker).
 * `config` is the source (its local settings at the top, its environments below); `built` is what `vite build` writes
 * for the environment named by CLOUDFLARE_ENV, the only file a deploy uploads.
 */
export const WORKERS = [
  { key: "product-api", config: "workers/product-api/wrangler.jsonc", built: "dist/product_api/wrangler.json" },
  { key: "uploads", config: "workers/uploads/wrangler.jsonc", built: "dist/uploads/wrangler.json" },
  { key: "print-files", config: "workers/print-files/wrangler.jsonc", built: "dist/print_files/wrangler.json" },
  { key: "invoice-pdf", config: "workers/invoice-pdf/wrangler.jsonc", built: "dist/invoice_pdf/wrangler.json" },
  { key: "api-proxy", config: "workers/api-proxy/wrangler.jsonc", built: "dist/api_proxy/wrangler.json" },
  { key: "payments", config: "workers/payments/wrangler.jsonc", built: "dist/payments/wrangler.json" },
  // Serves builds/latest.json: a release updates it after the storefront's rollout (deploy/release.ts), so the pages'
  // new-build notice appears only once every visitor gets the new build.
  { key: "build-version", config: "workers/build-version/wrangler.jsonc", built: "dist/build_version/wrangler.json" },
  { key: "storefront", config: "wrangler.jsonc", built: "build/server/wrangler.json" },
] as const;

export type Worker = (typeof WORKERS)[number];
export type WorkerKey = Worker["key"];

export function workerOf(key: WorkerKey): Worker {
  const worker = WORKERS.find((candidate) => candidate.key === key);
  if (!worker) throw new Error(`Unknown worker ${key}`);
  return worker;
}

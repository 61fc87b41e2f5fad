// After `react-router build` (npm run build): every brand's prerendered pages (docs/decisions/0039), made by the built
// workers themselves (the storefront, the api-proxy and the product API, in Miniflare) on the seeded catalogue (the
// store's migrations, split as wrangler splits them, applied to a database in memory), and written among the static
// files as build/client/_prerendered/{brand}/{page}/_payload.json, beside the build's meta (_prerendered/meta.json). A
// page the build's meta lists that does not answer stops the build: a listed page without its data would send every
// browser back to the server.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";
import { BRANDS } from "#contract/brands/brands.ts";
import {
  BUILD_META_FILE,
  payloadPath,
  prerenderedFile,
  prerenderedPaths,
  prerenderOrigin,
  type BuildManifest,
} from "#contract/builds/meta.ts";
import { BUILD_MANIFEST_PATH } from "./build-manifest.ts";

const SERVER = "build/server";
const CLIENT = "build/client";
/** Pages asked at once: the workers run in this process's workerd, on a small machine. */
const AT_ONCE = 4;

type Built = { compatibility_date: string; compatibility_flags?: string[]; vars?: Record<string, string> };
const built = (dir: string) => JSON.parse(readFileSync(join(dir, "wrangler.json"), "utf8")) as Built;
const jsFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .sort((a, b) => (a === "index.js" ? -1 : b === "index.js" ? 1 : a.localeCompare(b)));

const manifest = JSON.parse(readFileSync(BUILD_MANIFEST_PATH, "utf8")) as BuildManifest;
const started = performance.now();

// The build's meta among its static files, before the workers start (their assets are listed then): the storefront
// answers its own build's meta and payloads from it.
rmSync(join(CLIENT, "_prerendered"), { recursive: true, force: true });
mkdirSync(dirname(join(CLIENT, BUILD_META_FILE)), { recursive: true });
writeFileSync(join(CLIENT, BUILD_META_FILE), JSON.stringify(manifest));

const token = crypto.randomUUID();
const storefront = built(SERVER);
const common = (config: Built) => ({
  compatibilityDate: config.compatibility_date,
  compatibilityFlags: config.compatibility_flags ?? [],
});
const internal = (name: string, dir: string, options: object) => ({
  ...common(built(dir)),
  name,
  modules: true,
  scriptPath: join(dir, "index.js"),
  ...options,
});
const mf = new Miniflare({
  ...convertV4MiniflareOptions({
    workers: [
      {
        ...common(storefront),
        name: "storefront",
        modulesRoot: SERVER,
        modules: jsFiles(SERVER).map((file) => ({ type: "ESModule" as const, path: join(SERVER, file) })),
        // The storefront's own variables, with throwaway secrets: nothing it makes here outlives the build.
        // The catalogue pages read no payment or e-mail: whatever environment the build is for, they render as locally.
        bindings: {
          ...storefront.vars,
          ENVIRONMENT: "local",
          SESSION_PASSWORD: crypto.randomUUID().repeat(2),
          PAYMENT_PROVIDER: "sandbox",
          PAYMENT_WEBHOOK_SECRET: crypto.randomUUID(),
          LOG_LEVEL: "ERROR",
        },
        kvNamespaces: ["SESSIONS"],
        // The static files, where the build's meta is written first: the pages' data is made with none of their own
        // yet.
        assets: {
          directory: CLIENT,
          binding: "ASSETS",
          routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
        },
        d1Databases: { ANALYTICS_DB: "storefront-analytics" },
        queueProducers: {
          EVENTS: { queueName: "storefront-page-events" },
          PRINT_JOBS: { queueName: "storefront-print-jobs" },
        },
        ratelimits: {
          AUTH_EMAIL_LIMIT: { namespace_id: "1001", simple: { limit: 5, period: 60 } },
          AUTH_ADDRESS_LIMIT: { namespace_id: "1002", simple: { limit: 30, period: 60 } },
        },
        // A prerendered page reads the catalogue only: the other services are never called.
        serviceBindings: {
          API: "api-proxy",
          BUILDS: "build-version",
          INVOICE_PDF: "build-version",
          PAYMENTS: "build-version",
          UPLOADS: "build-version",
          PRINT_FILES: "build-version",
        },
      },
      internal("api-proxy", "dist/api_proxy", {
        serviceBindings: { UPSTREAM: "product-api" },
        bindings: { API_TOKEN: token, UPSTREAM_URL: "", LOG_LEVEL: "ERROR" },
      }),
      internal("product-api", "dist/product_api", {
        d1Databases: { STORE_DB: "storefront-store" },
        bindings: { ...built("dist/product_api").vars, API_TOKEN: token, LOG_LEVEL: "ERROR" },
      }),
      internal("build-version", "dist/build_version", { bindings: { LOG_LEVEL: "ERROR" } }),
      // Inside workerd, where a call costs no trip from Node: a migration's statements as one batch, and the pages
      // asked of the storefront a few at a time, all their answers sent back at once.
      {
        name: "driver",
        modules: true,
        compatibilityDate: storefront.compatibility_date,
        script: `export default { async fetch(request, env) {
          const { database, queries, pages, atOnce } = await request.json();
          if (database) {
            await env[database].batch(queries.map((query) => env[database].prepare(query)));
            return Response.json({ migrated: queries.length });
          }
          const answers = [];
          for (let next = 0; next < pages.length; next += atOnce) {
            answers.push(...(await Promise.all(pages.slice(next, next + atOnce).map(async (url) => {
              const answer = await env.STOREFRONT.fetch(url);
              return { url, status: answer.status, body: await answer.text() };
            }))));
          }
          return Response.json(answers);
        } };`,
        d1Databases: { STORE_DB: "storefront-store", ANALYTICS_DB: "storefront-analytics" },
        serviceBindings: { STOREFRONT: "storefront" },
      },
    ],
  }),
  handleStructuredLogs: ({ level, message }) => {
    if (level === "error" || process.env.PRERENDER_DEBUG) console.error(`  prerender: ${message}`);
  },
});

/**
 * Every migration in a folder, in order, one batch each (wrangler's own apply sends a statement at a time: 20 s here).
 */
async function migrate(database: "STORE_DB" | "ANALYTICS_DB", dir: string) {
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    const queries = unstable_splitSqlQuery(readFileSync(join(dir, file), "utf8"));
    const answer = await (await mf.getWorker("driver")).fetch("http://driver.local/", {
      method: "POST",
      body: JSON.stringify({ database, queries }),
    });
    if (answer.status !== 200)
      throw new Error(`${dir}/${file} was not applied: HTTP ${answer.status} ${await answer.text()}`);
    await answer.text();
  }
}

try {
  await migrate("STORE_DB", "migrations/store");
  await migrate("ANALYTICS_DB", "migrations/analytics");
  if (process.env.PRERENDER_DEBUG) console.log(`migrated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const pages = BRANDS.flatMap((brand) => prerenderedPaths(manifest, brand).map((path) => ({ brand, path })));
  const driven = await (await mf.getWorker("driver")).fetch("http://driver.local/", {
    method: "POST",
    body: JSON.stringify({
      pages: pages.map(({ brand, path }) => `${prerenderOrigin(brand.slug)}${payloadPath(path)}`),
      atOnce: AT_ONCE,
    }),
  });
  const answers = (await driven.json()) as { url: string; status: number; body: string }[];
  const failed: string[] = [];
  let bytes = 0;
  answers.forEach(({ status, body }, index) => {
    const { brand, path } = pages[index]!;
    if (status !== 200) {
      failed.push(`${brand.slug} ${path}: HTTP ${status} ${body.slice(0, 120)}`);
      return;
    }
    const file = join(CLIENT, prerenderedFile(brand.slug, path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    bytes += body.length;
  });
  if (failed.length)
    throw new Error(`${failed.length} prerendered pages did not answer:\n  ${failed.slice(0, 10).join("\n  ")}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `prerendered ${pages.length} pages of ${BRANDS.length} brands (${Math.round(bytes / 1024)} KiB) in ${seconds} s`,
  );
} finally {
  await mf.dispose();
}

import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { readBuildManifest } from "./scripts/build-manifest.ts";
import { dependencyRewriteAliases, dependencyRewritePlugins, rewritesSwitch } from "./scripts/dependency-rewrites.ts";
import { localeStringFiles } from "./scripts/locale-strings-plugin.ts";
import { previewErrorPage } from "./scripts/preview-error-page.ts";

const build = await readBuildManifest();
const rewritesOn = rewritesSwitch(process.env.BUILD_REWRITES);
if (!rewritesOn) console.warn("BUILD_REWRITES=off: React and React Router built as published, without the rewrites");

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };
const ROOT_ROUTE = /\/app\/root\.tsx(\?|$)/;

/**
 * Every page loads the root route, so what the root reaches goes into one "shell" chunk rather than into a chunk per
 * set of routes sharing it: fewer, larger files gzip better and cost fewer requests (the client JS budget).
 */
function shellChunk(id: string, graph: ModuleGraph): string | null {
  const seen = new Set([id]);
  const queue = [id];
  for (const current of queue) {
    if (ROOT_ROUTE.test(current)) return "shell";
    for (const importer of graph.getModuleInfo(current)?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return null;
}

/**
 * The built store's routing (run_worker_first): its files, built (assets/) and public, are served before the worker
 * runs, and every other path goes to the worker at once, without first asking the assets for a file of that name
 * (docs/decisions/0029). A new folder or file in public/ needs its rule here; the browser checks' asset routing check
 * (tests/e2e/serving.ts) fails without it.
 */
const WORKER_FIRST = [
  "/*",
  "!/assets/*",
  "!/_prerendered/*",
  "!/images/designs/*",
  "!/images/environments/*",
  "!/images/products/*",
  "!/favicon.svg",
  "!/favicon-tz.svg",
];

export default defineConfig(({ command }) => ({
  define: {
    __BUILD_ID__: JSON.stringify(build.buildId),
    __BUILD_DATE__: JSON.stringify(build.date),
  },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      // Development leaves every path to the assets first: vite serves its modules there.
      config: command === "build" ? { assets: { run_worker_first: WORKER_FIRST } } : {},
      auxiliaryWorkers: [
        { configPath: "./workers/api-proxy/wrangler.jsonc" },
        { configPath: "./workers/product-api/wrangler.jsonc" },
        { configPath: "./workers/build-version/wrangler.jsonc" },
        { configPath: "./workers/invoice-pdf/wrangler.jsonc" },
        { configPath: "./workers/payments/wrangler.jsonc" },
        { configPath: "./workers/uploads/wrangler.jsonc" },
        { configPath: "./workers/print-files/wrangler.jsonc" },
      ],
    }),
    tailwindcss(),
    reactRouter(),
    // The rewrites of React and React Router (BUILD_REWRITES=off builds without them: docs/decisions/0042).
    ...dependencyRewritePlugins(rewritesOn),
    previewErrorPage(),
    localeStringFiles(),
  ],
  // `vite preview` watches the project too: the bench's server logs (a line per request) and test output made it rescan
  // the folder on every write, about a fifth of a core taken from whatever was being measured beside it.
  server: { watch: { ignored: ["**/bench/results/**", "**/test-results/**"] } },
  resolve: {
    tsconfigPaths: true,
    alias: dependencyRewriteAliases(command, rewritesOn),
  },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: shellChunk }] } } } } },
    // The worker is minified as `wrangler deploy --minify` would: a smaller script loads and starts faster at the edge
    // (the server bundle budget); its source map keeps stack traces readable.
    ssr: { build: { minify: true } },
  },
}));

// The architecture's rules (docs/decisions/0013): checked on every `npm test` by
// tests/architecture/architecture.test.ts, and by hand with `npm run lint:architecture`. Paths are relative to the
// repository root.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "workers-stay-out-of-app",
      comment:
        "A worker never imports the storefront; only the storefront's entry, workers/app.ts, hands requests to it.",
      severity: "error",
      from: { path: "^workers/", pathNot: "^workers/app\\.ts$" },
      to: { path: "^app/" },
    },
    {
      name: "app-stays-out-of-workers",
      comment: "The storefront reaches the other workers through their bindings, never by importing them.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^workers/" },
    },
    {
      name: "contract-stands-alone",
      comment: "contract/ is what both sides share: it imports neither side (nor the tests).",
      severity: "error",
      from: { path: "^contract/" },
      to: { path: "^(app|workers|tests)/" },
    },
    {
      name: "contract-has-no-runtime",
      comment:
        "contract/ runs anywhere: no React, no React Router, no Hono, no Workers runtime; zod is its one library.",
      severity: "error",
      from: { path: "^contract/", pathNot: "\\.test\\.ts$" },
      to: {
        dependencyTypes: ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown", "core", "unknown"],
        pathNot: "(^|/)node_modules/zod/",
      },
    },
    {
      name: "worker-keeps-to-its-folder",
      comment: "A worker imports only its own folder and the contract (and its libraries), so it deploys on its own.",
      severity: "error",
      from: { path: "^workers/([^/]+)/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: ["^workers/$1/", "^contract/", "^node_modules/", "^cloudflare:"], dependencyTypesNot: ["core"] },
    },
    {
      name: "worker-tests-keep-to-their-worker",
      comment: "A worker's tests, beside it, use that worker, the contract and the shared test setup.",
      severity: "error",
      from: { path: "^workers/([^/]+)/.+\\.test\\.ts$" },
      to: {
        pathNot: ["^workers/$1/", "^contract/", "^node_modules/", "^cloudflare:", "^tests/setup/"],
        dependencyTypesNot: ["core"],
      },
    },
    {
      name: "server-code-not-in-the-browser",
      comment:
        "A *.server module is reached only from server code and route modules (React Router strips their loaders and " +
        "actions from the browser's bundle), never from components or other browser code. Types are fine: they vanish.",
      severity: "error",
      from: {
        path: "^app/",
        pathNot: ["\\.server\\.tsx?$", "^app/(routes|layouts)/", "^app/(root|entry\\.server)\\.tsx$"],
      },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-cycles",
      comment:
        "Modules form a tree: a cycle means two of them belong together, or a third one is missing. Type imports count: " +
        "a cycle through types is the same knot (docs/decisions/0043).",
      severity: "error",
      from: { pathNot: "(^|/)node_modules/" },
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API yet: swc reads the sources; tsconfig's paths resolve the aliases.
    parser: "swc",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "^node_modules/" },
    exclude: { path: "(^|/)\\.react-router/|^build/|^dist/|/\\+types/" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};

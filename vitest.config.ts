import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { LegacyWorkerOptions } from "miniflare";
import { readdirSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { OIDC_TEST_CLIENT, startTestOidcProvider } from "./tests/setup/oidc-provider.ts";
import { TEST_SECRETS } from "./tests/setup/secrets.ts";
import { STRIPE_STANDIN_KEYS, startStripeStandIn } from "./scripts/stripe-standin.ts";

// Tests run the built workers (npm test builds first) inside workerd, joined by service bindings, with real
// KV and D1 from miniflare and the real migrations applied by tests/setup/apply-migrations.ts.
const compatibilityDate = "2026-10-01";
const compatibilityFlags = ["nodejs_compat"];

// The internal workers (and the Stripe twin) write only their WARN and ERROR lines here: a line per request
// (docs/decisions/0033) from each of them would bury the test run's output. The main storefront writes all of its lines
// (the tests read them); its INFO lines are left out of the output below (onConsoleLog).
const quietLogs = { LOG_LEVEL: "WARN" };

// workers/uploads/wrangler.jsonc's limits, but parts of R2's smallest size (5 MiB), so a test's file has several.
const uploadLimits = {
  UPLOAD_MAX_BYTES: "26214400",
  UPLOAD_PARTS_MAX_BYTES: "209715200",
  UPLOAD_PART_BYTES: "5242880",
  UPLOAD_PARTS_DAYS: "2",
  UPLOAD_MAX_PIXELS: "150000000",
  UPLOAD_SESSION_FILES_DAYS: "31",
};

/** The built uploads worker with its bucket and Images, and these quotas. */
function uploadsWorker(name: string, quotas: Record<string, string>): LegacyWorkerOptions {
  return {
    name,
    modules: true,
    scriptPath: "./dist/uploads/index.js",
    compatibilityDate,
    compatibilityFlags,
    r2Buckets: { UPLOADS_BUCKET: "storefront-uploads" },
    images: { binding: "IMAGES" },
    bindings: { ...uploadLimits, ...quotas, ...quietLogs },
  };
}

// The built auxiliary workers, as wrangler would run them beside the app.
const auxiliaryWorkers: LegacyWorkerOptions[] = [
  {
    name: "api-proxy",
    modules: true,
    scriptPath: "./dist/api_proxy/index.js",
    compatibilityDate,
    compatibilityFlags,
    serviceBindings: { UPSTREAM: "product-api" },
    bindings: { API_TOKEN: TEST_SECRETS.apiToken, UPSTREAM_URL: "", ...quietLogs },
  },
  {
    name: "product-api",
    modules: true,
    scriptPath: "./dist/product_api/index.js",
    compatibilityDate,
    compatibilityFlags,
    d1Databases: { STORE_DB: "storefront-store" },
    bindings: {
      API_TOKEN: TEST_SECRETS.apiToken,
      EXPOSE_DEV_ENDPOINTS: "true",
      AFFILIATE_NETWORK: "sandbox",
      ...quietLogs,
    },
  },
  {
    name: "invoice-pdf",
    modules: true,
    scriptPath: "./dist/invoice_pdf/index.js",
    compatibilityDate,
    compatibilityFlags,
    bindings: quietLogs,
  },
  // The limits of workers/uploads/wrangler.jsonc; the quotas small enough for a test to reach them.
  uploadsWorker("uploads", {
    UPLOAD_QUOTA_FILES: "5",
    UPLOAD_QUOTA_SESSION_BYTES: "30000",
    UPLOAD_QUOTA_ACCOUNT_BYTES: "60000",
  }),
  // The same worker and bucket with room for files of several parts (R2's parts are 5 MiB at least), for the tests
  // of uploads in parts (testEnv.UPLOADS_ROOMY).
  uploadsWorker("uploads-roomy", {
    UPLOAD_PARTS_MAX_BYTES: "16777216",
    UPLOAD_QUOTA_FILES: "500",
    UPLOAD_QUOTA_SESSION_BYTES: "1073741824",
    UPLOAD_QUOTA_ACCOUNT_BYTES: "1073741824",
  }),
  // Print files of ordered designs (workers/print-files): the uploads' bucket, Images, the queue of placed lines (which
  // it also sends an operator's remakes to); parts of R2's smallest size, so a test's file of a few megabytes already
  // goes up in several.
  {
    name: "print-files",
    modules: true,
    scriptPath: "./dist/print_files/index.js",
    compatibilityDate,
    compatibilityFlags,
    r2Buckets: { UPLOADS_BUCKET: "storefront-uploads" },
    images: { binding: "IMAGES" },
    queueProducers: { PRINT_JOBS: "storefront-print-jobs" },
    queueConsumers: { "storefront-print-jobs": { maxBatchSize: 1, maxBatchTimeout: 1, maxRetries: 2, retryDelay: 0 } },
    bindings: { PRINT_PART_BYTES: "5242880", ...quietLogs },
  },
  {
    name: "build-version",
    modules: true,
    scriptPath: "./dist/build_version/index.js",
    compatibilityDate,
    bindings: quietLogs,
  },
];

// A real OpenID Connect provider on a local port, for signing in with "another provider".
const oidcProvider = await startTestOidcProvider();
// Stripe's API and hosted page, played locally (docs/decisions/0032): its events wait at GET /v1/events for the tests.
const stripeStandIn = await startStripeStandIn();

/** The storefront's own bindings (wrangler.jsonc), shared by the main worker and its Stripe-configured twin. */
const storefrontBindings = {
  SESSION_PROVIDER: "h3_session",
  SESSION_COOKIE_NAME: "__session",
  SESSION_TTL_SECONDS: "2592000",
  SESSION_TIMESTAMP_SKEW_SECONDS: "60",
  SESSION_PASSWORD: TEST_SECRETS.sessionPassword,
  DEFAULT_BRAND: "WPX-ES",
  CLIENT_API_REQUESTS: "false",
  EVENT_RETENTION_DAYS: "90",
};
const storefrontServices = {
  API: "api-proxy",
  BUILDS: "build-version",
  INVOICE_PDF: "invoice-pdf",
  PAYMENTS: "payments",
  UPLOADS: "uploads",
  PRINT_FILES: "print-files",
};
const authLimits = {
  AUTH_EMAIL_LIMIT: { namespace_id: "1001", simple: { limit: 5, period: 60 } },
  AUTH_ADDRESS_LIMIT: { namespace_id: "1002", simple: { limit: 30, period: 60 } },
} as const;

// The payments worker, talking to Stripe's stand-in with its keys.
auxiliaryWorkers.push({
  name: "payments",
  modules: true,
  scriptPath: "./dist/payments/index.js",
  compatibilityDate,
  compatibilityFlags,
  bindings: {
    STRIPE_SECRET_KEY: STRIPE_STANDIN_KEYS.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_STANDIN_KEYS.webhookSecret,
    STRIPE_API_URL: stripeStandIn.url,
    ...quietLogs,
  },
});

/** The built storefront again, on the same sessions and databases, with some of its variables set otherwise. */
function storefrontTwin(name: string, bindings: Record<string, string>): LegacyWorkerOptions {
  return {
    name,
    // The built storefront is an entry and its chunks: each named as the entry imports it.
    modulesRoot: "./build/server",
    modules: readdirSync("./build/server", { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js"))
      .sort((a, b) => (a === "index.js" ? -1 : b === "index.js" ? 1 : a.localeCompare(b)))
      .map((file) => ({ type: "ESModule" as const, path: `./build/server/${file}` })),
    compatibilityDate,
    compatibilityFlags,
    kvNamespaces: { SESSIONS: "SESSIONS" },
    d1Databases: { ANALYTICS_DB: "storefront-analytics" },
    queueProducers: { EVENTS: "storefront-page-events" },
    ratelimits: authLimits,
    serviceBindings: storefrontServices,
    // Its strings and prerendered pages' data are among the build's static files, as the main worker's are; every
    // request goes to the worker first, as the built store's routing sends every path but the built files.
    assets: {
      directory: "./build/client",
      binding: "ASSETS",
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
    bindings: { ...storefrontBindings, ...bindings, ...quietLogs },
  };
}

// Taking payments through Stripe (the payments worker and Stripe's stand-in): testEnv.STOREFRONT_STRIPE.
auxiliaryWorkers.push(storefrontTwin("storefront-stripe", { PAYMENT_PROVIDER: "stripe" }));
// An environment that offers no way of signing in (AUTH_PROVIDERS empty): testEnv.STOREFRONT_NO_SIGN_IN.
auxiliaryWorkers.push(
  storefrontTwin("storefront-no-sign-in", {
    PAYMENT_PROVIDER: "sandbox",
    PAYMENT_WEBHOOK_SECRET: TEST_SECRETS.paymentWebhookSecret,
    AUTH_PROVIDERS: "",
  }),
);

// Two projects: the workers' tests inside workerd, and in Node the architecture rules and the build's rewrites of
// dependencies (they read the source files).
export default defineConfig({
  test: {
    onConsoleLog: (log) => !log.startsWith('{"level":"INFO"'),
    projects: [
      {
        resolve: { tsconfigPaths: true },
        test: {
          name: "workers",
          include: [
            "app/**/*.test.ts",
            "contract/**/*.test.ts",
            "workers/**/*.test.ts",
            "tests/integration/**/*.test.ts",
          ],
          setupFiles: ["./tests/setup/apply-migrations.ts"],
          // Real workers on a small (2-core) machine: a page test that renders, pays and reads back can take seconds.
          testTimeout: 20_000,
        },
        plugins: [
          cloudflareTest(async () => ({
            main: "./build/server/index.js",
            miniflare: {
              compatibilityDate,
              compatibilityFlags,
              kvNamespaces: ["SESSIONS"],
              // The build's static files, as the storefront reads its strings and its prerendered pages' data from
              // them.
              assets: { directory: "./build/client", binding: "ASSETS" },
              ratelimits: authLimits,
              // wrangler.jsonc's version metadata (a random id here), named in each request's log line. The Stripe
              // twin goes without it, as a worker nothing deployed would.
              versionMetadata: "CF_VERSION_METADATA",
              queueProducers: { EVENTS: "storefront-page-events" },
              // wrangler.jsonc's queues, with short waits: two retries without delay, then the dead-letter queue.
              queueConsumers: {
                "storefront-page-events": {
                  maxBatchSize: 100,
                  maxBatchTimeout: 1,
                  maxRetries: 2,
                  retryDelay: 0,
                  deadLetterQueue: "storefront-page-events-dlq",
                },
                "storefront-page-events-dlq": { maxBatchSize: 100, maxBatchTimeout: 1 },
              },
              d1Databases: { ANALYTICS_DB: "storefront-analytics", STORE_DB: "storefront-store" },
              serviceBindings: {
                ...storefrontServices,
                PRODUCT_API: "product-api",
                UPLOADS_ROOMY: "uploads-roomy",
                STOREFRONT_STRIPE: "storefront-stripe",
                STOREFRONT_NO_SIGN_IN: "storefront-no-sign-in",
              },
              r2Buckets: { UPLOADS_BUCKET: "storefront-uploads" },
              bindings: {
                ...storefrontBindings,
                // The operator scripts' bearer token at /api/operator (the app and the product API share it locally).
                API_TOKEN: TEST_SECRETS.apiToken,
                PAYMENT_PROVIDER: "sandbox",
                PAYMENT_WEBHOOK_SECRET: TEST_SECRETS.paymentWebhookSecret,
                // The product API's modules that tests import read it at start-up (workers/product-api/index.ts).
                AFFILIATE_NETWORK: "sandbox",
                // The Stripe stand-in's address and keys, for the tests of the Stripe-configured storefront.
                STRIPE_STANDIN_URL: stripeStandIn.url,
                STRIPE_STANDIN_SECRET_KEY: STRIPE_STANDIN_KEYS.secretKey,
                STRIPE_STANDIN_WEBHOOK_SECRET: STRIPE_STANDIN_KEYS.webhookSecret,
                OIDC_PROVIDER_NAME: "Test ID",
                OIDC_ISSUER: oidcProvider.issuer,
                OIDC_CLIENT_ID: OIDC_TEST_CLIENT.id,
                OIDC_CLIENT_SECRET: OIDC_TEST_CLIENT.secret,
                OIDC_ALLOW_HTTP: "true",
                // The phone photos the tests carry (tests/fixtures/photos/, scripts/make-photo-fixtures.ts), as base64:
                // workerd's tests cannot read the disk.
                TEST_PHOTOS: Object.fromEntries(
                  readdirSync("./tests/fixtures/photos").map((name) => [
                    name,
                    readFileSync(`./tests/fixtures/photos/${name}`).toString("base64"),
                  ]),
                ),
                TEST_MIGRATIONS: {
                  analytics: await readD1Migrations("./migrations/analytics"),
                  store: await readD1Migrations("./migrations/store"),
                },
              },
              workers: auxiliaryWorkers,
            },
          })),
        ],
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: [
            "tests/architecture/**/*.test.ts",
            "tests/bundling/**/*.test.ts",
            "deploy/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
        },
      },
    ],
  },
});

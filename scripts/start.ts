// npm start: local secrets, D1 migrations and seed data (idempotent), a production build, the demo accounts, then every
// worker served together by `vite preview` on http://localhost:8787 (PORT overrides it). `npm start -- --stripe` takes
// payments through Stripe's local stand-in (scripts/stripe-standin.ts) instead of the sandbox.
import { execFileSync, spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { ensureDevVars } from "./dev-vars.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { applyLocalMigrations } from "./migrations.ts";
import { startStripeStandIn, STRIPE_STANDIN_PORT } from "./stripe-standin.ts";

const port = process.env.PORT ?? "8787";
const stripe = process.argv.includes("--stripe");

ensureDevVars();
applyLocalMigrations();
execFileSync("npm", ["run", "build"], { stdio: "inherit" });
await seedDemoAccounts();

if (stripe) {
  // The built storefront's own copy of .dev.vars: the source keeps the sandbox for the next build.
  appendFileSync("build/server/.dev.vars", "\nPAYMENT_PROVIDER=stripe\n");
  // Its events go to the storefront on the default brand's host, as Stripe's would to the one endpoint registered.
  await startStripeStandIn({ port: STRIPE_STANDIN_PORT, webhookUrl: `http://127.0.0.1:${port}/api/payments/webhook` });
  console.log(`Stripe stand-in: http://127.0.0.1:${STRIPE_STANDIN_PORT} (its hosted page; no money moves)`);
}

// No network lookups at start-up: the Request.cf fetch and wrangler's metrics are off locally.
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const preview = spawn("npx", ["vite", "preview", "--port", port, "--strictPort", "--host", "127.0.0.1"], {
  stdio: "inherit",
  env,
});
console.log(
  `\nStorefront: http://localhost:${port}  (brands: http://wpx-pl.localhost:${port}, http://tz-es.localhost:${port}, ...)\n`,
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => preview.kill(signal));
preview.on("exit", (code) => process.exit(code ?? 0));

// npm start: local secrets, D1 migrations and seed data (idempotent), a production build, the demo accounts, then every worker
// served together by `vite preview` on http://localhost:8787 (PORT overrides it).
import { execFileSync, spawn } from "node:child_process";
import { ensureDevVars } from "./dev-vars.ts";
import { seedDemoAccounts } from "./demo-accounts.ts";
import { applyLocalMigrations } from "./migrations.ts";

ensureDevVars();
applyLocalMigrations();
execFileSync("npm", ["run", "build"], { stdio: "inherit" });
await seedDemoAccounts();

const port = process.env.PORT ?? "8787";
// No network lookups at start-up: the Request.cf fetch and wrangler's metrics are off locally.
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const preview = spawn("npx", ["vite", "preview", "--port", port, "--strictPort", "--host", "127.0.0.1"], { stdio: "inherit", env });
console.log(`\nStorefront: http://localhost:${port}  (brands: http://wpx-pl.localhost:${port}, http://tz-es.localhost:${port}, ...)\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => preview.kill(signal));
preview.on("exit", (code) => process.exit(code ?? 0));

import { execFileSync } from "node:child_process";

/** The D1 databases and the wrangler config that binds each; state persists under .wrangler/state. */
export const DATABASES = [
  { name: "storefront-analytics", config: "wrangler.jsonc" },
  { name: "storefront-store", config: "workers/product-api/wrangler.jsonc" },
];

/** Applies pending migrations (schema and seed data) to the local databases; applied ones are skipped. */
export function applyLocalMigrations() {
  for (const { name, config } of DATABASES) {
    execFileSync("npx", ["wrangler", "d1", "migrations", "apply", name, "--local", "-c", config, "--persist-to", ".wrangler/state"], {
      stdio: "inherit",
      env: { ...process.env, CI: "true" },
    });
  }
}

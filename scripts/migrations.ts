import { execFileSync } from "node:child_process";

/** The D1 databases and the wrangler config that binds each; state persists under .wrangler/state. */
export const DATABASES = [
  { name: "storefront-analytics", config: "wrangler.jsonc" },
  { name: "storefront-store", config: "workers/product-api/wrangler.jsonc" },
];

/**
 * Applies pending migrations (schema and seed data) to the local databases; applied ones are skipped. `persistTo`
 * another folder (the benchmark's throwaway state), `only` some databases, `quiet` without wrangler's output.
 */
export function applyLocalMigrations({
  persistTo = ".wrangler/state",
  only = DATABASES.map((database) => database.name),
  quiet = false,
} = {}) {
  for (const { name, config } of DATABASES.filter((database) => only.includes(database.name))) {
    execFileSync(
      "npx",
      ["wrangler", "d1", "migrations", "apply", name, "--local", "-c", config, "--persist-to", persistTo],
      {
        stdio: quiet ? "ignore" : "inherit",
        env: { ...process.env, CI: "true" },
      },
    );
  }
}

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS } from "../contract/brands/brands.ts";
import { STANDIN_ACCOUNT, startCloudflareApiStandIn } from "../tests/setup/cloudflare-api-standin.ts";
import { cloudflareApi } from "./cloudflare.ts";
import { renderedConfig, type ResourceIds } from "./configs.ts";
import { migrationCommand, provision, type ProvisionIo } from "./provision.ts";
import { wranglerAsync } from "./wrangler.ts";
import { WORKERS } from "./workers.ts";

let standIn: Awaited<ReturnType<typeof startCloudflareApiStandIn>>;
const scratch = mkdtempSync(join(tmpdir(), "provision-"));

beforeAll(async () => {
  // Every zone but tazzo.es is in the account; the staging storefront exists with one secret set.
  standIn = await startCloudflareApiStandIn({
    zones: BRANDS.map((brand) => brand.domain).filter((zone) => zone !== "tazzo.es"),
    secrets: { "storefront-staging": ["SESSION_PASSWORD"], "api-proxy-staging": ["API_TOKEN"] },
  });
});
afterAll(async () => {
  await standIn.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Provisioning as the CLI runs it, its files kept in memory and its migrations applied by the real wrangler. */
function io(start: ResourceIds): ProvisionIo & { ids: ResourceIds; lines: string[] } {
  const state = { ids: start, lines: [] as string[] };
  return {
    get ids() {
      return state.ids;
    },
    lines: state.lines,
    saveIds(next) {
      state.ids = next;
    },
    async migrate(step, env, ids) {
      // The worker's config as the ids make it, beside a copy whose migrations folder is absolute.
      const worker = WORKERS.find((candidate) => candidate.config === step.config)!;
      const text = renderedConfig(worker, ids).replace(
        /"migrations_dir": "([^"]+)"/g,
        (_, dir: string) => `"migrations_dir": ${JSON.stringify(resolve(dirname(worker.config), dir))}`,
      );
      const config = join(scratch, `${worker.key}.jsonc`);
      writeFileSync(config, text);
      const args = migrationCommand({ ...step, config }, env);
      const result = await wranglerAsync(args, {
        env: {
          CLOUDFLARE_API_BASE_URL: standIn.baseUrl,
          CLOUDFLARE_API_TOKEN: STANDIN_ACCOUNT.token,
          CLOUDFLARE_ACCOUNT_ID: STANDIN_ACCOUNT.id,
        },
      });
      if (!result.ok) throw new Error(result.output);
    },
    log: (line) => state.lines.push(line),
  };
}

const api = () =>
  cloudflareApi({ token: STANDIN_ACCOUNT.token, accountId: STANDIN_ACCOUNT.id, baseUrl: standIn.baseUrl });

describe("npm run provision", () => {
  it("creates what staging binds once, records the ids, applies the migrations, and a second run creates nothing", {
    timeout: 120_000,
  }, async () => {
    const files = io({ staging: {}, production: {} });
    const first = await provision("staging", api(), files);
    expect(first.created.filter((item) => !item.startsWith("Transform rule")).sort()).toEqual([
      "D1 database storefront-analytics-staging",
      "D1 database storefront-store-staging",
      "KV namespace storefront-sessions-staging",
      "Queue storefront-page-events-staging",
      "Queue storefront-page-events-staging-dlq",
      "Queue storefront-print-jobs-staging",
      "R2 bucket storefront-uploads-staging",
    ]);
    // The ids Cloudflare gave are what the configs will bind.
    expect(Object.keys(files.ids.staging).sort()).toEqual([
      "storefront-analytics-staging",
      "storefront-page-events-staging",
      "storefront-page-events-staging-dlq",
      "storefront-print-jobs-staging",
      "storefront-sessions-staging",
      "storefront-store-staging",
    ]);
    expect(files.ids.staging["storefront-sessions-staging"]).toBe(standIn.state.kv[0]!.id);
    expect(renderedConfig(WORKERS.find((worker) => worker.key === "storefront")!, files.ids)).toContain(
      `"id": "${standIn.state.kv[0]!.id}"`,
    );

    // Each database got every migration of its folder, through wrangler.
    for (const [name, folder] of [
      ["storefront-store-staging", "migrations/store"],
      ["storefront-analytics-staging", "migrations/analytics"],
    ] as const) {
      const database = standIn.state.d1.find((item) => item.name === name)!;
      const applied = database.db
        .prepare("SELECT name FROM d1_migrations ORDER BY id")
        .all()
        .map((row) => row.name);
      expect(applied).toEqual(
        readdirSync(folder)
          .filter((file) => file.endsWith(".sql"))
          .sort(),
      );
    }

    // A zone missing from the account stops the release with what to do; the others get the affinity rule.
    expect(first.problems).toEqual([expect.stringContaining("zone tazzo.es is not in the account")]);
    const wpxPl = standIn.state.zones.find((zone) => zone.name === "wpx.pl")!;
    expect(standIn.state.rulesets.get(wpxPl.id)!.rules).toEqual([
      expect.objectContaining({
        ref: "storefront-version-affinity-staging",
        expression: '(http.host in {"staging.wpx.pl"})',
        action_parameters: {
          headers: { "Cloudflare-Workers-Version-Key": { operation: "set", expression: "ip.src" } },
        },
      }),
    ]);
    // The secrets not yet set, as commands; a set one is not asked again.
    expect(first.secretsToSet).toContain("npx wrangler secret put STRIPE_SECRET_KEY --name payments-staging");
    expect(first.secretsToSet).toContain("npx wrangler secret put STRIPE_WEBHOOK_SECRET --name payments-staging");
    expect(first.secretsToSet).toContain("npx wrangler secret put API_TOKEN --name product-api-staging");
    expect(first.secretsToSet).not.toContain("npx wrangler secret put SESSION_PASSWORD --name storefront-staging");
    expect(first.secretsToSet).not.toContain("npx wrangler secret put API_TOKEN --name api-proxy-staging");

    const callsBefore = standIn.calls.length;
    const second = await provision("staging", api(), files);
    expect(second.created).toEqual([]);
    expect(
      standIn.calls.slice(callsBefore).filter((call) => /^(POST|PUT|PATCH) /.test(call) && !call.endsWith("/query")),
    ).toEqual([]);
    expect(standIn.state.kv).toHaveLength(1);
    expect(standIn.state.d1).toHaveLength(2);
    expect(standIn.state.queues).toHaveLength(3);
    expect(standIn.state.buckets).toHaveLength(1);
  });

  it("gives production its own resources and rules beside staging's", { timeout: 120_000 }, async () => {
    const files = io({ staging: {}, production: {} });
    await provision("production", api(), files);
    expect(standIn.state.kv.map((item) => item.title).sort()).toEqual([
      "storefront-sessions-production",
      "storefront-sessions-staging",
    ]);
    const wpxEs = standIn.state.zones.find((zone) => zone.name === "wpx.es")!;
    expect(standIn.state.rulesets.get(wpxEs.id)!.rules.map((rule) => [rule.ref, rule.expression])).toEqual([
      ["storefront-version-affinity-staging", '(http.host in {"staging.wpx.es"})'],
      ["storefront-version-affinity-production", '(http.host in {"wpx.es" "www.wpx.es"})'],
    ]);
  });
});

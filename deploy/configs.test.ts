import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { BRANDS } from "../contract/brands/brands.ts";
import { readResourceIds, renderedConfig } from "./configs.ts";
import { ENVIRONMENT_NAMES, ENVIRONMENTS, environmentRuns, workerName } from "./environments.ts";
import { WORKERS } from "./workers.ts";

/** A worker's config for one environment as wrangler itself reads it (what a deploy of that environment uploads). */
const asWranglerReads = (config: string, env: string) => unstable_readConfig({ config, env });

describe("the deploy configs", () => {
  it.each(WORKERS.map((worker) => [worker.config, worker] as const))(
    "%s holds exactly what deploy/environments.ts makes of it",
    (_, worker) => {
      expect(readFileSync(worker.config, "utf8"), "run npm run deploy:configs").toBe(
        renderedConfig(worker, readResourceIds()),
      );
    },
  );

  it("routes every brand's domain and its www to the production storefront, and nothing else", () => {
    const routes = asWranglerReads("wrangler.jsonc", "production").routes ?? [];
    const expected = BRANDS.flatMap((brand) => [brand.domain, `www.${brand.domain}`]);
    expect(routes).toEqual(expected.map((host) => ({ pattern: host, custom_domain: true })));
    // Each brand's own list of hosts names them, so the host picks the brand the domain belongs to.
    for (const brand of BRANDS)
      expect(brand.hosts).toEqual(expect.arrayContaining([brand.domain, `www.${brand.domain}`]));
  });

  it("gives staging its own host per brand, none of production's", () => {
    const routes = (asWranglerReads("wrangler.jsonc", "staging").routes ?? []) as { pattern: string }[];
    expect(routes.map((route) => route.pattern)).toEqual(BRANDS.map((brand) => `staging.${brand.domain}`));
    for (const brand of BRANDS) expect(brand.hosts).toContain(`staging.${brand.domain}`);
  });

  it.each(ENVIRONMENT_NAMES)(
    "%s: internal workers have no public URL and bind only their own environment's workers and resources",
    (env) => {
      const names = new Set(WORKERS.map((worker) => workerName(worker.key, env)));
      for (const worker of WORKERS.filter((candidate) => environmentRuns(ENVIRONMENTS[env], candidate.key))) {
        const config = asWranglerReads(worker.config, env);
        expect(config.name).toBe(workerName(worker.key, env));
        expect(config.workers_dev, `${config.name} on workers.dev`).toBe(false);
        expect(config.preview_urls, `${config.name} preview URLs`).toBe(false);
        if (worker.key !== "storefront") expect(config.routes ?? [], `${config.name} routes`).toEqual([]);
        for (const service of config.services ?? [])
          expect(names, `${config.name} binds ${service.service}`).toContain(service.service);
        const resources = [
          ...config.kv_namespaces.map(() => ""),
          ...config.d1_databases.map((db: { database_name?: string }) => db.database_name ?? ""),
          ...config.r2_buckets.map((bucket: { bucket_name?: string }) => bucket.bucket_name ?? ""),
          ...(config.queues.producers ?? []).map((queue: { queue: string }) => queue.queue),
          ...(config.queues.consumers ?? []).map((queue: { queue: string }) => queue.queue),
        ].filter(Boolean);
        for (const resource of resources)
          expect(resource, `${config.name} binds ${resource}`).toMatch(new RegExp(`-${env}(-dlq)?$`));
        expect(config.vars.ENVIRONMENT).toBe(env);
        expect(config.observability?.head_sampling_rate).toBe(ENVIRONMENTS[env].logSampling);
      }
    },
  );

  it("keeps sessions in KV under the spec's name (h3_session) and offers both ways of signing in, locally and deployed", () => {
    for (const env of ["", ...ENVIRONMENT_NAMES]) {
      const { vars } = asWranglerReads("wrangler.jsonc", env);
      expect(vars.SESSION_PROVIDER, env || "local").toBe("h3_session");
      expect(vars.AUTH_PROVIDERS, env || "local").toBe("credentials,oidc");
    }
  });

  it("takes payments with a real provider in every environment: the sandbox never leaves a developer's machine", () => {
    for (const env of ENVIRONMENT_NAMES)
      expect(asWranglerReads("wrangler.jsonc", env).vars.PAYMENT_PROVIDER).toBe("stripe");
    expect(asWranglerReads("wrangler.jsonc", "").vars.PAYMENT_PROVIDER).toBe("sandbox");
  });
});

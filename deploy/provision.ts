// npm run provision -- --env staging|production [--dry-run]
// Creates, once, what the environment's configs bind: KV namespaces, D1 databases (then applies their migrations),
// Queues with their dead-letter queue, R2 buckets; checks the brands' zones are in the account and sets each zone's
// version-affinity Transform Rule; records the ids Cloudflare gave in deploy/resource-ids.json (and the configs);
// prints the secrets still to set. Idempotent: what exists is found by name and left alone. --dry-run prints the plan
// and calls nothing. Needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID otherwise.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type CloudflareApi, cloudflareApi, type Rule } from "./cloudflare.ts";
import { readResourceIds, renderedConfig, RESOURCE_IDS_PATH, WORKERS, type ResourceIds } from "./configs.ts";
import { isEnvironmentName, type EnvironmentName } from "./environments.ts";
import { describeStep, planOf, type PlanStep } from "./plan.ts";
import { wranglerOrFail } from "./wrangler.ts";

const AFFINITY_HEADER = "Cloudflare-Workers-Version-Key";

/** The zone's rule that keys every visitor of the environment's hosts to one storefront version (by their address). */
export function affinityRule(env: EnvironmentName, hosts: string[]): Rule {
  return {
    ref: `storefront-version-affinity-${env}`,
    description: `Storefront ${env}: each visitor stays on one version during a gradual rollout (npm run provision)`,
    expression: `(http.host in {${hosts.map((host) => JSON.stringify(host)).join(" ")}})`,
    action: "rewrite",
    action_parameters: { headers: { [AFFINITY_HEADER]: { operation: "set", expression: "ip.src" } } },
    enabled: true,
  };
}

const sameRule = (a: Rule, b: Rule) =>
  a.expression === b.expression &&
  a.enabled === b.enabled &&
  JSON.stringify(a.action_parameters) === JSON.stringify(b.action_parameters);

export function migrationCommand(step: Extract<PlanStep, { kind: "d1" }>, env: EnvironmentName) {
  return ["d1", "migrations", "apply", step.name, "--remote", "-c", step.config, "--env", env];
}

export type ProvisionReport = { created: string[]; found: string[]; problems: string[]; secretsToSet: string[] };

/** Where provisioning keeps what it learns, and how it applies migrations: files and wrangler in real use. */
export type ProvisionIo = {
  ids: ResourceIds;
  /** Keeps the ids Cloudflare gave (deploy/resource-ids.json and the configs made from it). */
  saveIds(next: ResourceIds): void;
  /** Applies a database's migrations, once its id is saved. */
  migrate(step: Extract<PlanStep, { kind: "d1" }>, env: EnvironmentName, ids: ResourceIds): Promise<void>;
  log(line: string): void;
};

/**
 * Provisions an environment through the API: what was created, what was already there, what an operator still has to
 * do.
 */
export async function provision(env: EnvironmentName, api: CloudflareApi, io: ProvisionIo): Promise<ProvisionReport> {
  const { log } = io;
  const plan = planOf(env);
  const report: ProvisionReport = { created: [], found: [], problems: [], secretsToSet: [] };
  const ids = io.ids;
  const recorded = { ...(ids[env] ?? {}) };

  /** Finds each named resource or creates it; returns the ids by name. */
  async function ensure(
    kind: string,
    names: string[],
    list: () => Promise<{ name: string; id: string }[]>,
    create: (name: string) => Promise<{ name: string; id: string }>,
  ) {
    if (!names.length) return;
    const existing = new Map((await list()).map((item) => [item.name, item.id]));
    for (const name of [...new Set(names)]) {
      let id = existing.get(name);
      if (existing.has(name)) report.found.push(`${kind} ${name}`);
      else {
        id = (await create(name)).id;
        report.created.push(`${kind} ${name}`);
        log(`created ${kind} ${name}`);
      }
      if (id) recorded[name] = id;
    }
  }

  const named = <K extends PlanStep["kind"]>(kind: K) =>
    plan.filter((step): step is Extract<PlanStep, { kind: K }> => step.kind === kind);
  await ensure(
    "KV namespace",
    named("kv").map((step) => step.name),
    async () => (await api.kvNamespaces()).map((kv) => ({ name: kv.title, id: kv.id })),
    async (name) => {
      const kv = await api.createKvNamespace(name);
      return { name: kv.title, id: kv.id };
    },
  );
  await ensure(
    "D1 database",
    named("d1").map((step) => step.name),
    async () => (await api.d1Databases()).map((db) => ({ name: db.name, id: db.uuid })),
    async (name) => {
      const db = await api.createD1Database(name);
      return { name: db.name, id: db.uuid };
    },
  );
  // Dead-letter queues first: a consumer names its dead-letter queue, which must exist.
  const queueNames = named("queue")
    .sort((a, b) => Number(b.role === "dead-letter") - Number(a.role === "dead-letter"))
    .map((step) => step.name);
  await ensure(
    "Queue",
    queueNames,
    async () => (await api.queues()).map((queue) => ({ name: queue.queue_name, id: queue.queue_id })),
    async (name) => {
      const queue = await api.createQueue(name);
      return { name: queue.queue_name, id: queue.queue_id };
    },
  );
  await ensure(
    "R2 bucket",
    named("r2").map((step) => step.name),
    async () => (await api.r2Buckets()).map((bucket) => ({ name: bucket.name, id: "" })),
    async (name) => ({ name: (await api.createR2Bucket(name)).name, id: "" }),
  );

  // The ids go where wrangler reads them: deploy/resource-ids.json, and the configs made from it.
  const kept = Object.fromEntries(
    Object.entries(recorded)
      .filter(([, id]) => id)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const next = { ...ids, [env]: kept };
  if (JSON.stringify(kept) !== JSON.stringify(ids[env] ?? {})) io.saveIds(next);

  for (const step of named("d1")) {
    log(`applying the migrations of ${step.name}`);
    await io.migrate(step, env, next);
  }

  for (const step of named("affinity")) {
    const zone = await api.zone(step.zone);
    if (!zone) {
      report.problems.push(
        `zone ${step.zone} is not in the account: add it (and point its nameservers at Cloudflare) before deploying ${step.hosts.join(", ")}`,
      );
      continue;
    }
    const rule = affinityRule(env, step.hosts);
    const entrypoint = await api.transformRules(zone.id);
    const current = entrypoint?.rules.find((candidate) => candidate.ref === rule.ref);
    if (!entrypoint) await api.createTransformEntrypoint(zone.id, [rule]);
    else if (!current?.id) await api.addRule(zone.id, entrypoint.id, rule);
    else if (!sameRule(current, rule)) await api.updateRule(zone.id, entrypoint.id, current.id, rule);
    if (current && sameRule(current, rule)) report.found.push(`Transform rule ${step.zone}`);
    else {
      report.created.push(`Transform rule ${step.zone}`);
      log(`set the version-affinity rule of ${step.zone}`);
    }
  }

  const secretsByWorker = new Map<string, Extract<PlanStep, { kind: "secret" }>[]>();
  for (const step of named("secret"))
    secretsByWorker.set(step.worker, [...(secretsByWorker.get(step.worker) ?? []), step]);
  for (const [worker, secrets] of secretsByWorker) {
    const set = new Set((await api.secretNames(worker)) ?? []);
    for (const secret of secrets.filter((candidate) => candidate.required && !set.has(candidate.name))) {
      report.secretsToSet.push(`npx wrangler secret put ${secret.name} --name ${worker}`);
    }
  }
  return report;
}

function printPlan(env: EnvironmentName) {
  const plan = planOf(env);
  const groups: [string, PlanStep["kind"][]][] = [
    ["Resources, created once (found by name when they exist)", ["kv", "d1", "queue", "r2"]],
    ["Zones, domains and rules", ["domain", "affinity"]],
    ["Bound, nothing to create", ["service", "ratelimit", "images", "version_metadata"]],
    ["Secrets (wrangler secret put; never in a config)", ["secret"]],
  ];
  console.log(`provision plan for ${env} (--dry-run: nothing is called)`);
  for (const [title, kinds] of groups) {
    console.log(`\n${title}:`);
    for (const step of plan.filter((candidate) => kinds.includes(candidate.kind)))
      console.log(`  ${describeStep(step)}`);
  }
  console.log("\nThen, for each D1 database:");
  for (const step of plan.filter((candidate) => candidate.kind === "d1"))
    console.log(`  npx wrangler ${migrationCommand(step, env).join(" ")}`);
  console.log(`\n${plan.length} steps`);
}

const USAGE = "usage: npm run provision -- --env staging|production [--dry-run]";

async function main() {
  let values: { env?: string; "dry-run"?: boolean };
  try {
    ({ values } = parseArgs({ options: { env: { type: "string" }, "dry-run": { type: "boolean" } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!isEnvironmentName(values.env)) {
    console.error(USAGE);
    return 2;
  }
  if (values["dry-run"]) {
    printPlan(values.env);
    return 0;
  }
  const token = process.env.CLOUDFLARE_API_TOKEN;
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (!token || !accountId) {
    console.error(
      "Set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (README, Deploying), or add --dry-run to see the plan.",
    );
    return 2;
  }
  const api = cloudflareApi({ token, accountId, baseUrl: process.env.CLOUDFLARE_API_BASE_URL });
  const env = values.env;
  const report = await provision(env, api, {
    ids: readResourceIds(),
    saveIds(next) {
      writeFileSync(RESOURCE_IDS_PATH, `${JSON.stringify(next, null, 2)}\n`);
      for (const worker of WORKERS) {
        const text = renderedConfig(worker, next);
        if (text !== readFileSync(worker.config, "utf8")) writeFileSync(worker.config, text);
      }
      console.log(`recorded the new ids in ${RESOURCE_IDS_PATH} and the wrangler configs: commit them`);
    },
    async migrate(step) {
      wranglerOrFail(migrationCommand(step, env));
    },
    log: (line) => console.log(line),
  });
  console.log(`\n${values.env}: ${report.created.length} created, ${report.found.length} already there`);
  if (report.secretsToSet.length) console.log(`secrets still to set:\n  ${report.secretsToSet.join("\n  ")}`);
  if (report.problems.length) console.log(`to do before deploying:\n  ${report.problems.join("\n  ")}`);
  return report.problems.length ? 1 : 0;
}

if (import.meta.main) process.exit(await main());

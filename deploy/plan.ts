import { BRANDS } from "../contract/brands/brands.ts";
import { environmentResourceName, readLocalConfig } from "./configs.ts";
import { ENVIRONMENTS, environmentRuns, secretsOf, type EnvironmentName } from "./environments.ts";
import { WORKERS } from "./workers.ts";

/**
 * Everything an environment's configs bind, and what provisioning does about each: resources to create once (KV, D1
 * with its migrations, Queues, R2), zones and custom domains that must exist, and what needs nothing made (rate-limit
 * namespaces, service bindings the deploy order satisfies, Images and version metadata, which are account features).
 */
export type PlanStep =
  | { kind: "kv"; worker: string; binding: string; name: string }
  | { kind: "d1"; worker: string; binding: string; name: string; config: string }
  | { kind: "queue"; worker: string; binding: string; name: string; role: "producer" | "consumer" | "dead-letter" }
  | { kind: "r2"; worker: string; binding: string; name: string }
  | { kind: "ratelimit"; worker: string; binding: string; namespace: string }
  | { kind: "service"; worker: string; binding: string; target: string }
  | { kind: "images"; worker: string; binding: string }
  | { kind: "version_metadata"; worker: string; binding: string }
  | { kind: "domain"; worker: string; host: string; zone: string }
  | { kind: "affinity"; zone: string; hosts: string[] }
  | { kind: "secret"; worker: string; name: string; required: boolean };

/** The env section keys that bind something; provisioning knows each (deploy/plan.test.ts fails on any other). */
export const BINDING_KEYS = [
  "kv_namespaces",
  "d1_databases",
  "queues",
  "r2_buckets",
  "ratelimits",
  "services",
  "images",
  "version_metadata",
] as const;

type Section = {
  name: string;
  routes?: { pattern: string; custom_domain?: boolean }[];
  kv_namespaces?: { binding: string }[];
  d1_databases?: { binding: string; database_name: string }[];
  queues?: {
    producers?: { binding: string; queue: string }[];
    consumers?: { queue: string; dead_letter_queue?: string }[];
  };
  r2_buckets?: { binding: string; bucket_name: string }[];
  ratelimits?: { name: string; namespace_id: string }[];
  services?: { binding: string; service: string }[];
  images?: { binding: string };
  version_metadata?: { binding: string };
};

/** The zone (a brand's domain) a host belongs to. */
export function zoneOf(host: string) {
  const brand = BRANDS.find((candidate) => host === candidate.domain || host.endsWith(`.${candidate.domain}`));
  if (!brand) throw new Error(`${host} is in no brand's domain`);
  return brand.domain;
}

/** The plan of one environment, read from the env sections of the wrangler configs (what will be deployed). */
export function planOf(env: EnvironmentName): PlanStep[] {
  const steps: PlanStep[] = [];
  const seen = new Set<string>();
  const once = (key: string, step: PlanStep) => {
    if (seen.has(key)) return;
    seen.add(key);
    steps.push(step);
  };
  for (const worker of WORKERS.filter((candidate) => environmentRuns(ENVIRONMENTS[env], candidate.key))) {
    const local = readLocalConfig(worker);
    const section = (local.env?.[env] ?? null) as Section | null;
    if (!section) throw new Error(`${worker.config} has no "${env}" environment: run npm run deploy:configs`);
    const name = section.name;
    for (const { binding } of section.kv_namespaces ?? []) {
      // A namespace's title is its local name under the environment's (the config holds only its id).
      const localName = local.kv_namespaces?.find((namespace) => namespace.binding === binding)?.id;
      if (!localName) throw new Error(`${worker.config}: ${env} binds KV ${binding}, which the local setup does not`);
      steps.push({ kind: "kv", worker: name, binding, name: environmentResourceName(localName, env) });
    }
    for (const { binding, database_name } of section.d1_databases ?? [])
      steps.push({ kind: "d1", worker: name, binding, name: database_name, config: worker.config });
    for (const { binding, queue } of section.queues?.producers ?? [])
      steps.push({ kind: "queue", worker: name, binding, name: queue, role: "producer" });
    for (const { queue, dead_letter_queue } of section.queues?.consumers ?? []) {
      steps.push({ kind: "queue", worker: name, binding: `consumer of ${queue}`, name: queue, role: "consumer" });
      if (dead_letter_queue)
        steps.push({
          kind: "queue",
          worker: name,
          binding: `dead letters of ${queue}`,
          name: dead_letter_queue,
          role: "dead-letter",
        });
    }
    for (const { binding, bucket_name } of section.r2_buckets ?? [])
      steps.push({ kind: "r2", worker: name, binding, name: bucket_name });
    for (const { name: binding, namespace_id } of section.ratelimits ?? [])
      steps.push({ kind: "ratelimit", worker: name, binding, namespace: namespace_id });
    for (const { binding, service } of section.services ?? [])
      steps.push({ kind: "service", worker: name, binding, target: service });
    if (section.images) steps.push({ kind: "images", worker: name, binding: section.images.binding });
    if (section.version_metadata)
      steps.push({ kind: "version_metadata", worker: name, binding: section.version_metadata.binding });
    for (const { pattern } of (section.routes ?? []).filter((route) => route.custom_domain))
      steps.push({ kind: "domain", worker: name, host: pattern, zone: zoneOf(pattern) });
    const secrets = secretsOf(worker.key);
    for (const secret of secrets.required) steps.push({ kind: "secret", worker: name, name: secret, required: true });
    for (const secret of secrets.optional) steps.push({ kind: "secret", worker: name, name: secret, required: false });
  }
  // Version affinity (docs/decisions/0031): one Transform Rule per zone keys each visitor to one storefront version.
  const hostsByZone = new Map<string, string[]>();
  for (const step of steps)
    if (step.kind === "domain") hostsByZone.set(step.zone, [...(hostsByZone.get(step.zone) ?? []), step.host]);
  for (const [zone, hosts] of hostsByZone) once(`affinity:${zone}`, { kind: "affinity", zone, hosts });
  return steps;
}

/** The plan as an operator reads it: one line per step. */
export function describeStep(step: PlanStep): string {
  switch (step.kind) {
    case "kv":
      return `KV namespace   ${step.name}  (${step.worker} ${step.binding})`;
    case "d1":
      return `D1 database    ${step.name}  (${step.worker} ${step.binding}), then its migrations`;
    case "queue":
      return `Queue          ${step.name}  (${step.worker} ${step.role === "producer" ? `${step.binding} produces` : step.role === "consumer" ? "consumes" : "dead letters"})`;
    case "r2":
      return `R2 bucket      ${step.name}  (${step.worker} ${step.binding})`;
    case "ratelimit":
      return `Rate limit     namespace ${step.namespace}  (${step.worker} ${step.binding}): declared in the config, nothing to create`;
    case "service":
      return `Service        ${step.target}  (${step.worker} ${step.binding}): deployed before it`;
    case "images":
      return `Images         (${step.worker} ${step.binding}): Cloudflare Images must be enabled on the account`;
    case "version_metadata":
      return `Version data   (${step.worker} ${step.binding}): nothing to create`;
    case "domain":
      return `Custom domain  ${step.host}  (zone ${step.zone} must be in the account; the deploy attaches it to ${step.worker})`;
    case "affinity":
      return `Transform rule zone ${step.zone}: Cloudflare-Workers-Version-Key from the visitor's address, for ${step.hosts.join(" ")}`;
    case "secret":
      return `Secret         ${step.worker} ${step.name}${step.required ? "" : " (optional)"}`;
  }
}

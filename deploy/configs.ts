import { readFileSync } from "node:fs";
import { experimental_readRawConfig } from "wrangler";
import {
  ENVIRONMENT_NAMES,
  ENVIRONMENTS,
  environmentRuns,
  storefrontHosts,
  workerName,
  type Environment,
  type EnvironmentName,
} from "./environments.ts";
import { WORKERS, type Worker, type WorkerKey } from "./workers.ts";

/** The top of a wrangler.jsonc: the local setup, which every environment's section is made from. */
export type LocalConfig = {
  name: string;
  vars?: Record<string, string>;
  kv_namespaces?: { binding: string; id: string }[];
  d1_databases?: { binding: string; database_name: string; database_id: string; migrations_dir?: string }[];
  r2_buckets?: { binding: string; bucket_name: string }[];
  queues?: {
    producers?: { binding: string; queue: string }[];
    consumers?: ({ queue: string; dead_letter_queue?: string } & Record<string, unknown>)[];
  };
  ratelimits?: { name: string; namespace_id: string; simple: { limit: number; period: number } }[];
  services?: { binding: string; service: string }[];
  images?: { binding: string };
  version_metadata?: { binding: string };
  env?: Record<string, unknown>;
};

/** The ids Cloudflare gave the resources `npm run provision` created, by environment and resource name. */
export type ResourceIds = Record<EnvironmentName, Record<string, string>>;
export const RESOURCE_IDS_PATH = "deploy/resource-ids.json";

export function readResourceIds(): ResourceIds {
  return JSON.parse(readFileSync(RESOURCE_IDS_PATH, "utf8")) as ResourceIds;
}

export function readLocalConfig(worker: Worker): LocalConfig {
  return experimental_readRawConfig({ config: worker.config }).rawConfig as unknown as LocalConfig;
}

/**
 * A local resource's name in an environment: `storefront-sessions` → `storefront-sessions-production`; a dead-letter
 * queue keeps its `-dlq` last (`storefront-page-events-production-dlq`), as the queue consumer tells them apart by it.
 */
export function environmentResourceName(localName: string, env: EnvironmentName) {
  return localName.endsWith("-dlq") ? `${localName.slice(0, -4)}-${env}-dlq` : `${localName}-${env}`;
}

/** Variables that differ from the local ones; everything else is the local value (the uploads' limits, the TTLs). */
function varsOf(worker: WorkerKey, env: Environment): Record<string, string> {
  const common = { ENVIRONMENT: env.name };
  switch (worker) {
    case "storefront":
      return {
        ...common,
        SESSION_PROVIDER: env.sessionProvider,
        AUTH_PROVIDERS: env.authProviders.join(","),
        PAYMENT_PROVIDER: env.paymentProvider,
      };
    case "api-proxy":
      return { ...common, UPSTREAM_URL: env.productApi.kind === "url" ? env.productApi.url : "" };
    case "product-api":
      return { ...common, EXPOSE_DEV_ENDPOINTS: "false" };
    case "uploads":
    case "print-files":
    case "invoice-pdf":
    case "build-version":
    case "payments":
      return common;
  }
}

/**
 * Only set when the id is known (after `npm run provision`): wrangler refuses a made-up one, and the release checks.
 */
const withId = <T extends object>(value: T, key: string, id: string | undefined) =>
  id ? { ...value, [key]: id } : value;

/**
 * A worker's section for one environment: every binding of its local setup under the environment's names, its vars
 * with the environment's values, no public URL but the storefront's brand domains, and the environment's log sampling.
 * Bindings are not inherited from the top of a wrangler config, so each is written out here.
 */
export function environmentSection(worker: Worker, local: LocalConfig, env: Environment, ids: Record<string, string>) {
  const name = (localName: string) => environmentResourceName(localName, env.name);
  const section: Record<string, unknown> = {
    name: workerName(worker.key, env.name),
    // Internal workers are reached by service bindings only; the storefront by its brands' domains only.
    workers_dev: false,
    preview_urls: false,
  };
  if (worker.key === "storefront") {
    section.routes = storefrontHosts(env.name).map(({ host }) => ({ pattern: host, custom_domain: true }));
  }
  section.observability = {
    enabled: true,
    head_sampling_rate: env.logSampling,
    logs: {
      enabled: true,
      head_sampling_rate: env.logSampling,
      invocation_logs: true,
      destinations: env.exportTo.logs,
    },
    traces: { enabled: true, head_sampling_rate: env.traceSampling, destinations: env.exportTo.traces },
  };
  if (local.version_metadata) section.version_metadata = local.version_metadata;
  if (local.kv_namespaces) {
    section.kv_namespaces = local.kv_namespaces.map(({ binding, id }) => withId({ binding }, "id", ids[name(id)]));
  }
  if (local.d1_databases) {
    section.d1_databases = local.d1_databases.map(({ binding, database_name, migrations_dir }) =>
      withId(
        { binding, database_name: name(database_name), ...(migrations_dir ? { migrations_dir } : {}) },
        "database_id",
        ids[name(database_name)],
      ),
    );
  }
  if (local.r2_buckets)
    section.r2_buckets = local.r2_buckets.map(({ binding, bucket_name }) => ({
      binding,
      bucket_name: name(bucket_name),
    }));
  if (local.queues) {
    section.queues = {
      producers: (local.queues.producers ?? []).map((producer) => ({ ...producer, queue: name(producer.queue) })),
      consumers: (local.queues.consumers ?? []).map((consumer) => ({
        ...consumer,
        queue: name(consumer.queue),
        ...(consumer.dead_letter_queue ? { dead_letter_queue: name(consumer.dead_letter_queue) } : {}),
      })),
    };
  }
  if (local.ratelimits) {
    const namespaces: Record<string, string> = {
      AUTH_EMAIL_LIMIT: env.rateLimitNamespaces.email,
      AUTH_ADDRESS_LIMIT: env.rateLimitNamespaces.address,
    };
    section.ratelimits = local.ratelimits.map((limit) => {
      const namespace = namespaces[limit.name];
      if (!namespace)
        throw new Error(`${worker.config}: rate limit ${limit.name} has no namespace in deploy/environments.ts`);
      return { ...limit, namespace_id: namespace };
    });
  }
  if (local.services) {
    section.services = local.services
      .filter(({ service }) => environmentRuns(env, service as WorkerKey))
      .map(({ binding, service }) => ({ binding, service: workerName(service as WorkerKey, env.name) }));
  }
  if (local.images) section.images = local.images;
  section.vars = { ...local.vars, ...varsOf(worker.key, env) };
  return section;
}

/** Every environment's section of one worker's config, as `env` in its wrangler.jsonc. */
export function environmentsOf(worker: Worker, ids: ResourceIds) {
  const local = readLocalConfig(worker);
  return Object.fromEntries(
    ENVIRONMENT_NAMES.map((env) => [env, environmentSection(worker, local, ENVIRONMENTS[env], ids[env] ?? {})]),
  );
}

export const GENERATED_MARKER =
  "// The deployed environments: written by `npm run deploy:configs` from deploy/environments.ts (edit that, not this).";

const LINE_WIDTH = 120;

/** A value on one line, spaced as the hand-written part of the configs is: `{ "binding": "API", "service": "x" }`. */
function flatJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flatJson).join(", ")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${flatJson(item)}`);
  return entries.length ? `{ ${entries.join(", ")} }` : "{}";
}

/** JSON as the hand-written part of the configs reads: a value on one line when it fits, else one entry per line. */
export function compactJson(value: unknown, indent = "", lineStart = indent.length): string {
  const flat = flatJson(value);
  if (lineStart + flat.length <= LINE_WIDTH || value === null || typeof value !== "object") return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return `[\n${value.map((item) => `${inner}${compactJson(item, inner)}`).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value).map(
    ([key, item]) => `${inner}${JSON.stringify(key)}: ${compactJson(item, inner, inner.length + key.length + 4)}`,
  );
  return `{\n${entries.join(",\n")}\n${indent}}`;
}

/**
 * The wrangler.jsonc text with its `env` section made afresh: everything from the marker to the last brace is replaced.
 */
export function withEnvironments(text: string, environments: Record<string, unknown>, path: string) {
  const start = text.indexOf(GENERATED_MARKER);
  if (start < 0) throw new Error(`${path}: no line "${GENERATED_MARKER}" before its "env" section`);
  return `${text.slice(0, start)}${GENERATED_MARKER}\n  "env": ${compactJson(environments, "  ")}\n}\n`;
}

export function renderedConfig(worker: Worker, ids: ResourceIds) {
  return withEnvironments(readFileSync(worker.config, "utf8"), environmentsOf(worker, ids), worker.config);
}

export { WORKERS };

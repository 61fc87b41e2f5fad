import { BRANDS, brandHostsIn, type SignInProvider } from "../contract/brands/brands.ts";
import type { WorkerKey } from "./workers.ts";

/**
 * The one source of what each environment has: its workers' names, the resources they bind, their variables, their
 * log sampling and their domains. `npm run deploy:configs` writes it into every wrangler.jsonc's `env` section (a
 * test fails when they differ), `npm run provision` creates what it names, `npm run deploy` releases it.
 * The top of each wrangler.jsonc stays the local setup (`npm start`, the tests); nothing local is ever deployed.
 */
export const ENVIRONMENT_NAMES = ["staging", "production"] as const;
export type EnvironmentName = (typeof ENVIRONMENT_NAMES)[number];

export type Environment = {
  name: EnvironmentName;
  /**
   * Share of requests whose logs Workers Logs keeps; the storefront's errors are also kept whole in log_entries (D1).
   */
  logSampling: number;
  /** Share of requests traced (Workers' automatic tracing). */
  traceSampling: number;
  /**
   * OpenTelemetry destinations (made once under Workers Observability, by name) that logs and traces are exported to.
   * Empty: kept in Workers Logs only. Locally nothing is exported.
   */
  exportTo: { logs: string[]; traces: string[] };
  /** Which payment provider takes the money (docs/decisions/0032); the sandbox never leaves a developer's machine. */
  paymentProvider: "stripe";
  /**
   * Where sessions live (SPEC 9): `h3_session`, in KV under the id the cookie seals (a password change can end the
   * other devices' sessions), or `cookie`, in the sealed cookie itself (docs/decisions/0003, 0037).
   */
  sessionProvider: "h3_session" | "cookie";
  /**
   * The ways of signing in this environment offers; each brand offers those of its own (`signInProviders` in
   * contract/brands/brands.ts) that are here, `oidc` only with its secrets set. None: sign-in answers 500 (0037).
   */
  authProviders: SignInProvider[];
  /**
   * The product API: the reference worker deployed beside the store, or the company's own backend at a URL (then
   * product-api and its database are neither provisioned nor deployed).
   */
  productApi: { kind: "reference" } | { kind: "url"; url: string };
  /** Rate-limit namespaces are numbers shared by the whole account: each environment has its own. */
  rateLimitNamespaces: { email: string; address: string };
};

export const ENVIRONMENTS: Record<EnvironmentName, Environment> = {
  staging: {
    name: "staging",
    logSampling: 1,
    traceSampling: 1,
    exportTo: { logs: [], traces: [] },
    paymentProvider: "stripe",
    sessionProvider: "h3_session",
    authProviders: ["credentials", "oidc"],
    productApi: { kind: "reference" },
    rateLimitNamespaces: { email: "2001", address: "2002" },
  },
  production: {
    name: "production",
    logSampling: 0.3,
    traceSampling: 0.05,
    exportTo: { logs: [], traces: [] },
    paymentProvider: "stripe",
    sessionProvider: "h3_session",
    authProviders: ["credentials", "oidc"],
    productApi: { kind: "reference" },
    rateLimitNamespaces: { email: "1001", address: "1002" },
  },
};

export function isEnvironmentName(value: unknown): value is EnvironmentName {
  return typeof value === "string" && (ENVIRONMENT_NAMES as readonly string[]).includes(value);
}

/**
 * A worker's name in an environment: never the bare local name, so a deploy without an environment cannot replace a
 * live worker.
 */
export function workerName(worker: WorkerKey, env: EnvironmentName) {
  return `${worker}-${env}`;
}

/** A resource's name in an environment: `storefront-sessions-production`, ... */
export function resourceName(base: string, env: EnvironmentName) {
  return `storefront-${base}-${env}`;
}

/** Whether an environment runs this worker (product-api only where the reference product API is the backend). */
export function environmentRuns(env: Environment, worker: WorkerKey) {
  return worker !== "product-api" || env.productApi.kind === "reference";
}

/** Every host of the storefront in an environment, brand by brand: production's domains and www, staging's own. */
export function storefrontHosts(env: EnvironmentName) {
  return BRANDS.flatMap((brand) => brandHostsIn(brand, env).map((host) => ({ brand: brand.slug, host })));
}

/** The queue of page events and its dead-letter queue (named "<queue>-dlq", as the consumer expects). */
export function eventQueues(env: EnvironmentName) {
  const queue = resourceName("page-events", env);
  return { queue, deadLetter: `${queue}-dlq` };
}

/**
 * The secrets each worker needs in every environment, set with `wrangler secret put` (never in a config): required ones
 * stop it when missing.
 */
export function secretsOf(worker: WorkerKey): { required: string[]; optional: string[] } {
  switch (worker) {
    case "storefront":
      return {
        required: ["SESSION_PASSWORD"],
        // A second sign-in provider (OpenID Connect), offered only when all three are set.
        optional: ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
      };
    case "api-proxy":
      return { required: ["API_TOKEN"], optional: [] };
    case "product-api":
      return { required: ["API_TOKEN"], optional: [] };
    case "payments":
      // The Stripe account's secret key and the webhook endpoint's signing secret (its dashboard shows both).
      return { required: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"], optional: [] };
    case "uploads":
    case "print-files":
    case "invoice-pdf":
    case "build-version":
      return { required: [], optional: [] };
  }
}

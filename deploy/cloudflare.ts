/**
 * The few calls of Cloudflare's REST API (v4) that provisioning makes, as documented at developers.cloudflare.com/api:
 * list and create KV namespaces, D1 databases, Queues and R2 buckets; find zones; read and write a zone's Transform
 * Rules; list a worker's secrets. Authenticated by an API token, as wrangler is in CI (CLOUDFLARE_API_TOKEN,
 * CLOUDFLARE_ACCOUNT_ID); CLOUDFLARE_API_BASE_URL points it elsewhere, as it does wrangler (the tests' stand-in).
 */
type Envelope<T> = {
  success: boolean;
  errors: { code: number; message: string }[];
  result: T;
  result_info?: { page?: number; total_pages?: number; cursor?: string };
};

export class CloudflareApiError extends Error {
  readonly status: number;
  readonly errors: { code: number; message: string }[];
  constructor(status: number, path: string, errors: { code: number; message: string }[]) {
    super(
      `Cloudflare API ${status} on ${path}: ${errors.map((error) => `${error.code} ${error.message}`).join("; ") || "no detail"}`,
    );
    this.status = status;
    this.errors = errors;
  }
}

export type Rule = {
  id?: string;
  ref: string;
  description: string;
  expression: string;
  action: "rewrite";
  action_parameters: { headers: Record<string, { operation: "set"; expression: string }> };
  enabled: boolean;
};

export function cloudflareApi(settings: { token: string; accountId: string; baseUrl?: string }) {
  const base = (settings.baseUrl ?? "https://api.cloudflare.com/client/v4").replace(/\/$/, "");
  const account = `/accounts/${encodeURIComponent(settings.accountId)}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${settings.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!response.ok || !envelope?.success) throw new CloudflareApiError(response.status, path, envelope?.errors ?? []);
    return envelope;
  }

  /** Every page of a paged list. */
  async function all<T>(path: string, perPage: number): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const { result, result_info } = await call<T[]>(
        "GET",
        `${path}${path.includes("?") ? "&" : "?"}per_page=${perPage}&page=${page}`,
      );
      items.push(...result);
      if (result.length < perPage || (result_info?.total_pages !== undefined && page >= result_info.total_pages))
        return items;
    }
  }

  return {
    kvNamespaces: () => all<{ id: string; title: string }>(`${account}/storage/kv/namespaces`, 100),
    createKvNamespace: async (title: string) =>
      (await call<{ id: string; title: string }>("POST", `${account}/storage/kv/namespaces`, { title })).result,
    d1Databases: () => all<{ uuid: string; name: string }>(`${account}/d1/database`, 100),
    createD1Database: async (name: string) =>
      (await call<{ uuid: string; name: string }>("POST", `${account}/d1/database`, { name })).result,
    queues: () => all<{ queue_id: string; queue_name: string }>(`${account}/queues`, 100),
    createQueue: async (name: string) =>
      (await call<{ queue_id: string; queue_name: string }>("POST", `${account}/queues`, { queue_name: name })).result,
    r2Buckets: async () =>
      (await call<{ buckets: { name: string }[] }>("GET", `${account}/r2/buckets?per_page=1000`)).result.buckets,
    createR2Bucket: async (name: string) =>
      (await call<{ name: string }>("POST", `${account}/r2/buckets`, { name })).result,
    zone: async (name: string) =>
      (
        await call<{ id: string; name: string; status: string }[]>(
          "GET",
          `/zones?name=${encodeURIComponent(name)}&account.id=${encodeURIComponent(settings.accountId)}`,
        )
      ).result[0] ?? null,
    /** The zone's late request-transform entry point, or null before it has one. */
    async transformRules(zoneId: string) {
      try {
        return (
          await call<{ id: string; rules: Rule[] }>(
            "GET",
            `/zones/${zoneId}/rulesets/phases/http_request_late_transform/entrypoint`,
          )
        ).result;
      } catch (error) {
        if (error instanceof CloudflareApiError && error.status === 404) return null;
        throw error;
      }
    },
    createTransformEntrypoint: async (zoneId: string, rules: Rule[]) =>
      (
        await call<{ id: string; rules: Rule[] }>(
          "PUT",
          `/zones/${zoneId}/rulesets/phases/http_request_late_transform/entrypoint`,
          { rules },
        )
      ).result,
    addRule: async (zoneId: string, rulesetId: string, rule: Rule) =>
      (await call<unknown>("POST", `/zones/${zoneId}/rulesets/${rulesetId}/rules`, rule)).result,
    updateRule: async (zoneId: string, rulesetId: string, ruleId: string, rule: Rule) =>
      (await call<unknown>("PATCH", `/zones/${zoneId}/rulesets/${rulesetId}/rules/${ruleId}`, rule)).result,
    /** The worker's deployments, newest (the one serving traffic) first; null while the worker does not exist. */
    async deployments(worker: string) {
      try {
        return (
          await call<{ deployments: { id: string; versions: { version_id: string; percentage: number }[] }[] }>(
            "GET",
            `${account}/workers/scripts/${encodeURIComponent(worker)}/deployments`,
          )
        ).result.deployments;
      } catch (error) {
        if (error instanceof CloudflareApiError && error.status === 404) return null;
        throw error;
      }
    },
    /** The names of a worker's secrets, or null while the worker does not exist. */
    async secretNames(worker: string) {
      try {
        return (
          await call<{ name: string }[]>("GET", `${account}/workers/scripts/${encodeURIComponent(worker)}/secrets`)
        ).result.map((secret) => secret.name);
      } catch (error) {
        if (error instanceof CloudflareApiError && error.status === 404) return null;
        throw error;
      }
    },
  };
}

export type CloudflareApi = ReturnType<typeof cloudflareApi>;

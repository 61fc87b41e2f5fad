// A local stand-in for the parts of Cloudflare's REST API (v4) that provisioning uses, answering in the documented
// envelope ({ success, errors, messages, result, result_info }): KV namespaces, D1 databases (with a real SQLite
// database behind each, so wrangler's `d1 migrations apply --remote` runs against it), Queues, R2 buckets, zones,
// zone Transform Rules and a worker's secrets. Both deploy/provision.ts and the real wrangler CLI
// (CLOUDFLARE_API_BASE_URL) talk to it in deploy/provision.test.ts: no network reaches Cloudflare here.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DatabaseSync } from "node:sqlite";

export const STANDIN_ACCOUNT = { id: "0123456789abcdef0123456789abcdef", token: "standin-api-token" };

type Rule = {
  id: string;
  ref: string;
  expression: string;
  action: string;
  action_parameters: unknown;
  description: string;
  enabled: boolean;
};

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function answer(response: ServerResponse, status: number, result: unknown, info?: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  const ok = status < 400;
  response.end(
    JSON.stringify({
      success: ok,
      errors: ok ? [] : [result],
      messages: [],
      result: ok ? result : null,
      ...(info ? { result_info: info } : {}),
    }),
  );
}

const hex = () => randomUUID().replaceAll("-", "");

/** Starts the stand-in with these zones in the account; every call is recorded (method and path) in `calls`. */
export async function startCloudflareApiStandIn(options: { zones: string[]; secrets?: Record<string, string[]> }) {
  const kv: { id: string; title: string }[] = [];
  const d1: { uuid: string; name: string; db: DatabaseSync }[] = [];
  const queues: { queue_id: string; queue_name: string }[] = [];
  const buckets: { name: string; creation_date: string }[] = [];
  const zones = options.zones.map((name) => ({ id: hex(), name, status: "active" }));
  const rulesets = new Map<string, { id: string; rules: Rule[] }>();
  const calls: string[] = [];

  const page = <T>(items: T[], url: URL) => {
    const perPage = Number(url.searchParams.get("per_page") ?? 20);
    const number = Number(url.searchParams.get("page") ?? 1);
    return {
      items: items.slice((number - 1) * perPage, number * perPage),
      info: {
        page: number,
        per_page: perPage,
        count: items.length,
        total_count: items.length,
        total_pages: Math.max(1, Math.ceil(items.length / perPage)),
      },
    };
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://standin");
    const path = url.pathname.replace(/^\/client\/v4/, "");
    calls.push(`${request.method} ${path}`);
    if (request.headers.authorization !== `Bearer ${STANDIN_ACCOUNT.token}`)
      return answer(response, 403, { code: 9109, message: "Invalid access token" });
    const account = `/accounts/${STANDIN_ACCOUNT.id}`;
    const body = request.method === "GET" ? {} : await bodyOf(request);
    try {
      if (path === `${account}/storage/kv/namespaces`) {
        if (request.method === "POST") {
          if (kv.some((item) => item.title === body.title))
            return answer(response, 400, {
              code: 10014,
              message: "a namespace with this account ID and title already exists",
            });
          const item = { id: hex(), title: String(body.title) };
          kv.push(item);
          return answer(response, 200, item);
        }
        const { items, info } = page(kv, url);
        return answer(response, 200, items, info);
      }
      if (path === `${account}/d1/database`) {
        if (request.method === "POST") {
          if (d1.some((item) => item.name === body.name))
            return answer(response, 400, { code: 7502, message: "A database with that name already exists" });
          const item = { uuid: randomUUID(), name: String(body.name), db: new DatabaseSync(":memory:") };
          d1.push(item);
          return answer(response, 200, {
            uuid: item.uuid,
            name: item.name,
            created_at: new Date().toISOString(),
            version: "production",
          });
        }
        const named = url.searchParams.get("name");
        const { items, info } = page(
          d1.filter((item) => !named || item.name === named),
          url,
        );
        return answer(
          response,
          200,
          items.map(({ uuid, name }) => ({ uuid, name, version: "production" })),
          info,
        );
      }
      const database = new RegExp(`^${account}/d1/database/([^/]+)(/query)?$`).exec(path);
      if (database) {
        const found = d1.find((item) => item.uuid === database[1] || item.name === database[1]);
        if (!found) return answer(response, 404, { code: 7404, message: "The database could not be found" });
        if (!database[2])
          return answer(response, 200, { uuid: found.uuid, name: found.name, version: "production", num_tables: 0 });
        // One statement with a result (a SELECT), or a script of statements.
        const sql = String(body.sql ?? "");
        const started = performance.now();
        const query = /^\s*(SELECT|PRAGMA)\b/i.test(sql) && !sql.trim().replace(/;\s*$/, "").includes(";");
        if (!query) found.db.exec(sql);
        const results = query ? found.db.prepare(sql).all() : [];
        return answer(response, 200, [
          {
            results,
            success: true,
            meta: {
              duration: performance.now() - started,
              changes: 0,
              rows_read: results.length,
              rows_written: 0,
              served_by: "standin",
            },
          },
        ]);
      }
      if (path === `${account}/queues`) {
        if (request.method === "POST") {
          if (queues.some((item) => item.queue_name === body.queue_name))
            return answer(response, 409, { code: 11009, message: "Queue name already taken" });
          const item = { queue_id: hex(), queue_name: String(body.queue_name) };
          queues.push(item);
          return answer(response, 200, item);
        }
        const { items, info } = page(queues, url);
        return answer(response, 200, items, info);
      }
      if (path === `${account}/r2/buckets`) {
        if (request.method === "POST") {
          if (buckets.some((item) => item.name === body.name))
            return answer(response, 409, { code: 10004, message: "The bucket you tried to create already exists" });
          const item = { name: String(body.name), creation_date: new Date().toISOString() };
          buckets.push(item);
          return answer(response, 200, item);
        }
        return answer(response, 200, { buckets });
      }
      if (path === "/zones")
        return answer(
          response,
          200,
          zones.filter((zone) => zone.name === url.searchParams.get("name")),
        );
      const entrypoint = /^\/zones\/([^/]+)\/rulesets\/phases\/http_request_late_transform\/entrypoint$/.exec(path);
      if (entrypoint) {
        const zone = entrypoint[1]!;
        if (request.method === "PUT") {
          const ruleset = {
            id: rulesets.get(zone)?.id ?? hex(),
            rules: (body.rules as Rule[]).map((rule) => ({ ...rule, id: rule.id ?? hex() })),
          };
          rulesets.set(zone, ruleset);
          return answer(response, 200, { ...ruleset, phase: "http_request_late_transform", kind: "zone" });
        }
        const ruleset = rulesets.get(zone);
        return ruleset
          ? answer(response, 200, { ...ruleset, phase: "http_request_late_transform", kind: "zone" })
          : answer(response, 404, {
              code: 10003,
              message: "could not find entrypoint ruleset in the http_request_late_transform phase",
            });
      }
      const rules = /^\/zones\/([^/]+)\/rulesets\/([^/]+)\/rules(?:\/([^/]+))?$/.exec(path);
      if (rules) {
        const ruleset = rulesets.get(rules[1]!);
        if (!ruleset || ruleset.id !== rules[2])
          return answer(response, 404, { code: 10003, message: "ruleset not found" });
        if (request.method === "POST") ruleset.rules.push({ ...(body as Rule), id: hex() });
        else if (request.method === "PATCH")
          ruleset.rules = ruleset.rules.map((rule) =>
            rule.id === rules[3] ? { ...(body as Rule), id: rule.id } : rule,
          );
        return answer(response, 200, ruleset);
      }
      const secrets = new RegExp(`^${account}/workers/scripts/([^/]+)/secrets$`).exec(path);
      if (secrets) {
        const names = options.secrets?.[decodeURIComponent(secrets[1]!)];
        return names
          ? answer(
              response,
              200,
              names.map((name) => ({ name, type: "secret_text" })),
            )
          : answer(response, 404, { code: 10007, message: "This Worker does not exist on your account." });
      }
      return answer(response, 404, { code: 7003, message: `No route for ${request.method} ${path}` });
    } catch (error) {
      return answer(response, 400, { code: 7500, message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`,
    calls,
    state: { kv, d1, queues, buckets, zones, rulesets },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

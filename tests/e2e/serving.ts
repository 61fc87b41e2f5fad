// The local serving layer (vite preview → miniflare → workerd): a request the worker answers before reading its body
// (a refused cross-site form, a body that is no form) must not break the next request on the same connection.
import { readdirSync, statSync } from "node:fs";
import { Agent, get, request } from "node:http";
import { join, relative } from "node:path";

type Recorder = (ok: boolean, name: string, detail?: string) => void;

const BODY = Buffer.alloc(512 * 1024, "a");

function send(agent: Agent, port: number, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, method, path, agent, headers: { host: "wpx-es.localhost", ...headers } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const REFUSED_EARLY = [
  { name: "a cross-site form post", path: "/cart", headers: { origin: "http://elsewhere.example", "content-type": "application/x-www-form-urlencoded" }, status: 400 },
  { name: "JSON to a form", path: "/newsletter", headers: { origin: "http://wpx-es.localhost", "content-type": "application/json" }, status: 415 },
  { name: "a post without Origin", path: "/api/log", headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" }, status: 403 },
] as const;

export async function servingLayerChecks(port: number, record: Recorder) {
  for (const refused of REFUSED_EARLY) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const statuses: number[] = [];
    try {
      for (let round = 0; round < 3; round++) {
        statuses.push(await send(agent, port, "POST", refused.path, refused.headers, BODY));
        statuses.push(await send(agent, port, "GET", "/offers"));
      }
      const expected = [refused.status, 200, refused.status, 200, refused.status, 200];
      const ok = statuses.every((status, index) => status === expected[index]);
      record(ok, `serving layer: the request after ${refused.name} (512 KB, refused unread) is answered`, ok ? "" : `statuses ${statuses.join(" ")}, expected ${expected.join(" ")}`);
    } catch (error) {
      record(false, `serving layer: the request after ${refused.name}`, error instanceof Error ? error.message : String(error));
    } finally {
      agent.destroy();
    }
  }
}

/** A GET's status and headers, its body left unread. */
function headersOf(port: number, path: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    get({ host: "127.0.0.1", port, path, headers: { host: "wpx-es.localhost" } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    }).on("error", reject);
  });
}

/** The static assets' own headers (public/_headers): the worker does not serve them. */
export async function staticAssetChecks(port: number, root: string, record: Recorder) {
  const script = readdirSync(join(root, "build/client/assets")).find((name) => name.endsWith(".js"));
  const { headers } = await headersOf(port, `/assets/${script}`);
  const problems = [
    headers["x-content-type-options"] === "nosniff" ? null : `x-content-type-options ${headers["x-content-type-options"]}`,
    String(headers["content-security-policy"]).includes("frame-ancestors 'none'") ? null : `content-security-policy ${headers["content-security-policy"]}`,
    headers["cache-control"] === "public, max-age=31536000, immutable" ? null : `cache-control ${headers["cache-control"]}`,
  ].filter(Boolean);
  record(problems.length === 0, `static assets: /assets/${script} is immutable, not sniffed, not framed`, problems.join("; "));
}

/** The Content-Security-Policy public/_headers gives the static files; the worker's answers carry their own. */
const STATIC_POLICY = "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'";

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));

/**
 * vite.config.ts's WORKER_FIRST (run_worker_first): every built and public file is served by the assets, before the
 * worker runs; every other path, uploads under /images included, goes to the worker at once. A public file left out of
 * the list would reach the worker, which has no route for it.
 */
export async function assetRoutingChecks(port: number, root: string, record: Recorder) {
  const client = join(root, "build/client");
  const files = filesUnder(client).map((file) => `/${relative(client, file)}`).filter((path) => !/^\/(_headers|_redirects|\.)/.test(path));
  const wrong: string[] = [];
  for (const path of files) {
    const { status, headers } = await headersOf(port, path);
    if (status !== 200 || headers["content-security-policy"] !== STATIC_POLICY) wrong.push(`${path} ${status}`);
  }
  record(wrong.length === 0, `static assets: all ${files.length} built and public files are served by the assets`, wrong.slice(0, 5).join("; "));
  for (const path of ["/offers", "/images/uploads/not-a-file", "/favicon.ico"]) {
    const { headers } = await headersOf(port, path);
    const policy = String(headers["content-security-policy"]);
    const ok = policy !== STATIC_POLICY && policy.includes("frame-ancestors 'none'");
    record(ok, `static assets: ${path} is the worker's to answer`, ok ? "" : policy);
  }
}

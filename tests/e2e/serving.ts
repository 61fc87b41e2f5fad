// The local serving layer (vite preview → miniflare → workerd): a request a worker answers before reading its body (a
// refused cross-site form, a body that is no form, a body over its size) must not break the next requests on the same
// connection (contract/http/drain-body.ts).
import { readdirSync, statSync } from "node:fs";
import { Agent, get, request } from "node:http";
import { join, relative } from "node:path";

type Recorder = (ok: boolean, name: string, detail?: string) => void;

const BODY = Buffer.alloc(512 * 1024, "a");

function send(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  return new Promise<number>((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, method, path, agent, headers: { host: "wpx-es.localhost", ...headers } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const SAME_SITE = { origin: "http://wpx-es.localhost" };
const BOUNDARY = "----storefront-e2e";
/** A multipart upload of `bytes` of a photo's worth of zeros: over the uploads' 25 MiB limit when 26 MiB. */
function uploadBody(bytes: number) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="img"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

/**
 * Requests a worker answers before reading their whole body, each followed on the same connection by an ordinary one.
 */
const REFUSED_EARLY = [
  {
    name: "a cross-site form post (512 KB)",
    path: "/cart",
    headers: { origin: "http://elsewhere.example", "content-type": "application/x-www-form-urlencoded" },
    status: 400,
    body: BODY,
  },
  {
    name: "JSON to a form (512 KB)",
    path: "/newsletter",
    headers: { ...SAME_SITE, "content-type": "application/json" },
    status: 415,
    body: BODY,
  },
  {
    name: "a post without Origin (512 KB)",
    path: "/api/log",
    headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" },
    status: 403,
    body: BODY,
  },
  // Refused for their size: by the storefront (a page event), and by the uploads worker the storefront passed it to.
  {
    name: "a 1 MiB page event",
    path: "/api/event/page",
    headers: { ...SAME_SITE, "content-type": "application/json" },
    status: 413,
    body: Buffer.from(JSON.stringify({ name: "x".repeat(1024 * 1024) })),
  },
  {
    name: "a 26 MiB upload",
    path: "/images/upload",
    headers: { ...SAME_SITE, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    status: 413,
    body: uploadBody(26 * 1024 * 1024),
  },
] as const;

/** Rounds per case: the failure this guards against came in about half of the rounds. */
const ROUNDS = 6;

export async function servingLayerChecks(port: number, record: Recorder) {
  for (const refused of REFUSED_EARLY) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const statuses: number[] = [];
    try {
      // A GET and a small POST after each: the issue once seen was the next POST answering 500 with the server's stack.
      for (let round = 0; round < ROUNDS; round++) {
        statuses.push(await send(agent, port, "POST", refused.path, refused.headers, refused.body));
        statuses.push(await send(agent, port, "GET", "/offers"));
        statuses.push(
          await send(
            agent,
            port,
            "POST",
            "/api/log",
            { ...SAME_SITE, "content-type": "application/json" },
            Buffer.from('{"level":"INFO","message":"e2e"}'),
          ),
        );
      }
      const expected = Array.from({ length: ROUNDS }).flatMap(() => [refused.status, 200, 204]);
      const ok = statuses.every((status, index) => status === expected[index]);
      record(
        ok,
        `serving layer: the requests after ${refused.name}, refused unread, are answered`,
        ok ? "" : `statuses ${statuses.join(" ")}, expected ${expected.join(" ")}`,
      );
    } catch (error) {
      record(
        false,
        `serving layer: the requests after ${refused.name}`,
        error instanceof Error ? error.message : String(error),
      );
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
    headers["x-content-type-options"] === "nosniff"
      ? null
      : `x-content-type-options ${headers["x-content-type-options"]}`,
    String(headers["content-security-policy"]).includes("frame-ancestors 'none'")
      ? null
      : `content-security-policy ${headers["content-security-policy"]}`,
    headers["cache-control"] === "public, max-age=31536000, immutable"
      ? null
      : `cache-control ${headers["cache-control"]}`,
  ].filter(Boolean);
  record(
    problems.length === 0,
    `static assets: /assets/${script} is immutable, not sniffed, not framed`,
    problems.join("; "),
  );
}

/** The Content-Security-Policy public/_headers gives the static files; the worker's answers carry their own. */
const STATIC_POLICY = "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'";

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)],
  );

/**
 * vite.config.ts's WORKER_FIRST (run_worker_first): every built and public file is served by the assets, before the
 * worker runs; every other path, uploads under /images included, goes to the worker at once. A public file left out of
 * the list would reach the worker, which has no route for it.
 */
export async function assetRoutingChecks(port: number, root: string, record: Recorder) {
  const client = join(root, "build/client");
  const built = filesUnder(client)
    .map((file) => `/${relative(client, file)}`)
    .filter((path) => !/^\/(_headers|_redirects|\.)/.test(path));
  // The strings files are the worker's own reads through ASSETS (decision 0038): the worker answers their paths first
  // and has no route for them, so a browser gets the 404 page.
  const strings = built.filter((path) => path.startsWith("/_strings/"));
  const files = built.filter((path) => !path.startsWith("/_strings/"));
  const wrong: string[] = [];
  for (const path of files) {
    const { status, headers } = await headersOf(port, path);
    if (status !== 200 || headers["content-security-policy"] !== STATIC_POLICY) wrong.push(`${path} ${status}`);
  }
  record(
    wrong.length === 0,
    `static assets: all ${files.length} built and public files are served by the assets`,
    wrong.slice(0, 5).join("; "),
  );
  const served: string[] = [];
  for (const path of strings) {
    const { status } = await headersOf(port, path);
    if (status !== 404) served.push(`${path} ${status}`);
  }
  record(
    strings.length === 8 && served.length === 0,
    `static assets: the ${strings.length} locales' strings files are the worker's, not served (404)`,
    served.join("; "),
  );
  for (const path of ["/offers", "/images/uploads/not-a-file", "/favicon.ico"]) {
    const { headers } = await headersOf(port, path);
    const policy = String(headers["content-security-policy"]);
    const ok = policy !== STATIC_POLICY && policy.includes("frame-ancestors 'none'");
    record(ok, `static assets: ${path} is the worker's to answer`, ok ? "" : policy);
  }
}

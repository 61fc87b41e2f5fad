// The post-deploy smoke (deploy/smoke.ts) run as operators run it, against the served build: it passes for all eight
// brands; and behind a proxy that answers 500 for product pages only, it fails, naming the product check. Imported by
// run.ts; E2E_ONLY=smoke runs just this part.
import { spawn } from "node:child_process";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

type Recorder = (ok: boolean, name: string, detail?: string) => void;

const SMOKE_MS = 180_000;
/** How the proxy knows a product page: its add-to-cart button (the journeys' own hook, not what the smoke reads). */
const PRODUCT_PAGE = 'data-testid="add-to-cart"';
/** Hop-by-hop headers: the proxy frames its own answer. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding"]);

/** `node deploy/smoke.ts <base-url>` as a child: its exit code and everything it printed. */
function runSmoke(root: string, baseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, "deploy/smoke.ts"), baseUrl], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), SMOKE_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const summaryOf = (output: string) =>
  /^smoke (passed|FAILED):.*$/m.exec(output)?.[0] ?? `no summary line; output ends: ${output.slice(-300)}`;
const failedChecks = (output: string) => [...output.matchAll(/^FAIL\s+\S+\s+(\S+)/gm)].map(([, check]) => check);

/** Everything passed through to the store unchanged (Host header included), but a product page, which answers 500. */
async function startProductFailingProxy(port: number) {
  let refused = 0;
  const proxy = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const upstream = request(
      { host: "127.0.0.1", port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks);
          if (answer.statusCode === 200 && body.toString("utf8").includes(PRODUCT_PAGE)) {
            refused++;
            outgoing
              .writeHead(500, { "content-type": "text/html; charset=utf-8" })
              .end("<h1>Internal Server Error</h1><p>the smoke's proxy refuses product pages</p>");
            return;
          }
          const headers: string[] = [];
          for (let at = 0; at < answer.rawHeaders.length; at += 2) {
            if (!HOP_BY_HOP.has(answer.rawHeaders[at]!.toLowerCase()))
              headers.push(answer.rawHeaders[at]!, answer.rawHeaders[at + 1]!);
          }
          outgoing.writeHead(answer.statusCode ?? 502, headers).end(body);
        });
      },
    );
    upstream.on("error", (error) => outgoing.writeHead(502).end(error.message));
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

export async function smokeChecks(port: number, root: string, record: Recorder) {
  const served = await runSmoke(root, `http://127.0.0.1:${port}`);
  const passed = served.code === 0 && /^smoke passed: 8 brands, /m.test(served.output);
  if (!passed) console.log(`---- smoke output ----\n${served.output.slice(-4_000)}\n----`);
  record(
    passed,
    "smoke: every check of all 8 brands passes against the served store",
    `exit ${served.code}; ${summaryOf(served.output)}`,
  );

  const proxy = await startProductFailingProxy(port);
  try {
    const behind = await runSmoke(root, `http://127.0.0.1:${proxy.port}`);
    const summary = summaryOf(behind.output);
    // The cart fails with the product (it has no product page to add from); everything else passes through unchanged.
    const others = failedChecks(behind.output).filter((check) => check !== "product" && check !== "cart");
    const ok =
      behind.code === 1 &&
      /^smoke FAILED: .*\bproduct: HTTP 500\b/.test(summary) &&
      proxy.refused() > 0 &&
      others.length === 0;
    if (!ok) console.log(`---- smoke output behind the proxy ----\n${behind.output.slice(-4_000)}\n----`);
    record(
      ok,
      "smoke: fails, naming the product check, when product pages answer 500",
      `exit ${behind.code}; ${proxy.refused()} product pages refused; ${others.length ? `other checks failed: ${others.join(", ")}; ` : ""}${summary}`,
    );
  } finally {
    await proxy.close();
  }
}

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { OIDC_TEST_CLIENT, startTestOidcProvider } from "../setup/oidc-provider.ts";
import type { OtherProvider } from "./accounts/provider-steps.ts";

// The served store: a free port, the build served by vite preview (its log watched for server failures), and another
// sign-in provider.

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const SCREENSHOTS = join(ROOT, "tests/e2e/screenshots");
function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export async function choosePort(): Promise<number> {
  const wanted = Number(process.env.PORT ?? 8799);
  return (await portIsFree(wanted)) ? wanted : anyFreePort();
}

/**
 * The accounts journeys sign in with another provider too: a real OpenID Connect provider on a local port
 * (tests/setup/oidc-provider.ts), named in the served build's own .dev.vars for this run, which is put back afterwards.
 */
const BUILD_DEV_VARS = join(ROOT, "build/server/.dev.vars");
let buildDevVars: string | null = null;
export async function startOtherProvider(): Promise<OtherProvider & { close: () => Promise<void> }> {
  const provider = await startTestOidcProvider();
  const name = "Test ID";
  buildDevVars = existsSync(BUILD_DEV_VARS) ? readFileSync(BUILD_DEV_VARS, "utf8") : "";
  const vars = {
    OIDC_PROVIDER_NAME: name,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: OIDC_TEST_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_TEST_CLIENT.secret,
    OIDC_ALLOW_HTTP: "true",
  };
  writeFileSync(
    BUILD_DEV_VARS,
    `${buildDevVars}${buildDevVars.endsWith("\n") || !buildDevVars ? "" : "\n"}${Object.entries(vars)
      .map(([key, value]) => `${key}=${value}`)
      .join("\n")}\n`,
  );
  return { name, issuer: provider.issuer, close: provider.close };
}
export function restoreBuildDevVars() {
  if (buildDevVars !== null) writeFileSync(BUILD_DEV_VARS, buildDevVars);
  buildDevVars = null;
}

export let server: ChildProcess | null = null;
export let serverLog = "";
/** The server's own failures (5xx answers, SQLite errors, uncaught exceptions), printed when a check failed. */
export const serverFailures: string[] = [];
const SERVER_FAILURE = /HTTP 5\d\d|SQLITE_|Uncaught|Internal error/;

export function startServer(port: number) {
  // Its own process group, so the whole tree (npx → vite → workerd) can be stopped together.
  server = spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    serverLog = (serverLog + text).slice(-20_000);
    for (const line of text.split("\n")) if (SERVER_FAILURE.test(line)) serverFailures.push(line.slice(0, 400));
    serverFailures.splice(0, Math.max(0, serverFailures.length - 100));
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
}

export async function stopServer() {
  const child = server;
  server = null;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = new Promise<"timeout">((done) => setTimeout(() => done("timeout"), 5_000));
  if ((await Promise.race([exited, timer])) === "timeout") {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

export async function waitForServer(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (server?.exitCode !== null && server?.exitCode !== undefined)
      throw new Error(`vite preview exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`server did not answer 200 within ${timeoutMs / 1000}s (last: ${last})`);
}

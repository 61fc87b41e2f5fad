// The bench's processes: builds and wrk runs to completion, and `vite preview` servers, each in its own process group
// so that the whole tree (npm, vite, workerd) stops together, at the end, on error or on Ctrl-C.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { rel, sleep } from "./print.ts";
import { HOST, PORTS, READY_TIMEOUT_MS, RESULTS, ROOT } from "./settings.ts";

export type Server = { name: string; child: ChildProcess; exited: boolean; log: string };
const servers = new Set<Server>();
const commands = new Set<ChildProcess>(); // builds and wrk runs under way

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Runs a command to completion; output goes to `log` (a file under bench/results) or is captured. */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; log?: string; onSpawn?: (child: ChildProcess) => void } = {},
) {
  return new Promise<{ code: number; out: string }>((resolve, reject) => {
    const fd = opts.log ? openSync(opts.log, "w") : undefined;
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? ROOT,
      env: opts.env ?? process.env,
      stdio: ["ignore", fd ?? "pipe", fd ?? "pipe"],
    });
    commands.add(child);
    opts.onSpawn?.(child);
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk;
    });
    child.on("error", (error) => {
      commands.delete(child);
      if (fd !== undefined) closeSync(fd);
      reject(error);
    });
    child.on("close", (code, signal) => {
      commands.delete(child);
      if (fd !== undefined) closeSync(fd);
      resolve({ code: code ?? (signal ? 128 : 1), out });
    });
  });
}

export async function runOrThrow(
  label: string,
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; log: string },
) {
  const started = performance.now();
  const { code } = await run(cmd, args, opts);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    const tail = readFileSync(opts.log, "utf8").split("\n").slice(-30).join("\n");
    throw new Error(`${label} failed (exit ${code}) after ${seconds}s; last lines of ${rel(opts.log)}:\n${tail}`);
  }
  console.log(`  ${label}: ok in ${seconds}s (log: ${rel(opts.log)})`);
}

/** Whether something already listens on HOST:port (then we would measure it instead of our server). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The load tools the bench drives, found on PATH before anything is built (a missing one otherwise fails minutes in). */
export function assertToolsPresent(tools: readonly string[] = ["wrk"]) {
  const missing = tools.filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
  if (missing.length > 0)
    throw new Error(
      `${missing.join(", ")} not found on PATH; install it (Debian: apt-get install -y ${missing.join(" ")})`,
    );
}

export async function assertPortsFree() {
  for (const port of Object.values(PORTS)) {
    if (await portInUse(port))
      throw new Error(`port ${HOST}:${port} is already in use; stop whatever listens there and rerun`);
  }
}

// vite colours its output; its address is looked for without the colour codes.
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/**
 * `npx vite preview` from `cwd`, in its own process group so that the whole tree (npm, vite, workerd) stops together.
 */
export async function startPreview(name: string, cwd: string, port: number): Promise<Server> {
  if (await portInUse(port)) throw new Error(`${name}: port ${HOST}:${port} is already in use`);
  const log = path.join(RESULTS, `serve-${name}.log`);
  const fd = openSync(log, "w");
  const child = spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort", "--host", HOST], {
    cwd,
    env: process.env,
    detached: true,
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  const server: Server = { name, child, exited: false, log };
  servers.add(server);
  child.on("exit", () => {
    server.exited = true;
  });

  const url = `http://${HOST}:${port}/`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const started = performance.now();
  while (Date.now() < deadline) {
    if (server.exited) break;
    // Only ours once vite has printed its address (and so holds the port: --strictPort).
    if (!readFileSync(log, "utf8").replace(ANSI_COLOUR, "").includes(`${HOST}:${port}`)) {
      await sleep(250);
      continue;
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        console.log(
          `  ${name}: serving ${url} (ready in ${((performance.now() - started) / 1000).toFixed(1)}s, log: ${rel(log)})`,
        );
        return server;
      }
      throw new Error(`${name}: ${url} answered ${response.status}; see ${rel(log)}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(`${name}:`)) throw error;
      await sleep(250);
    }
  }
  const tail = readFileSync(log, "utf8").split("\n").slice(-30).join("\n");
  throw new Error(
    `${name}: vite preview ${server.exited ? "exited" : "did not answer within 60s"}; last lines of ${rel(log)}:\n${tail}`,
  );
}

export async function stopServer(server: Server) {
  const pid = server.child.pid;
  if (pid === undefined) return;
  killGroup(pid, "SIGTERM");
  const deadline = Date.now() + 5_000;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(pid)) killGroup(pid, "SIGKILL");
  while (groupAlive(pid) && Date.now() < deadline + 2_000) await sleep(100);
  servers.delete(server);
}

export async function stopAll() {
  for (const server of [...servers]) await stopServer(server);
}

// Last resort (an uncaught error or a signal): synchronous, so it also runs from process.on("exit").
function killAllNow() {
  for (const server of servers) if (server.child.pid !== undefined) killGroup(server.child.pid, "SIGKILL");
  servers.clear();
  for (const child of commands) child.kill("SIGTERM");
  commands.clear();
}

/** Stops every server and command on exit and on a signal (Ctrl-C). */
export function stopEverythingOnExit() {
  process.on("exit", killAllNow);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping servers`);
      killAllNow();
      process.exit(130);
    });
  }
}

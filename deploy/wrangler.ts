import { spawn, spawnSync } from "node:child_process";

type WranglerOptions = { env?: Record<string, string> };
type WranglerResult = { ok: boolean; status: number | null; stdout: string; stderr: string; output: string };

const wranglerEnv = (options: WranglerOptions) => ({
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CI: "true",
  FORCE_COLOR: "0",
  ...options.env,
});
const resultOf = (status: number | null, stdout: string, stderr: string): WranglerResult => ({
  ok: status === 0,
  status,
  stdout,
  stderr,
  output: `${stdout}${stderr}`,
});

/** Wrangler as the deploy scripts run it: the project's own, with no telemetry and no prompt. */
export function wrangler(args: string[], options: WranglerOptions = {}): WranglerResult {
  const result = spawnSync("npx", ["--no-install", "wrangler", ...args], {
    encoding: "utf8",
    env: wranglerEnv(options),
    maxBuffer: 64 * 1024 * 1024,
  });
  return resultOf(result.status, result.stdout ?? "", result.stderr ?? "");
}

/** The same, without blocking this process (which may be serving what wrangler calls, as the tests' stand-ins do). */
export function wranglerAsync(args: string[], options: WranglerOptions = {}): Promise<WranglerResult> {
  return new Promise((done) => {
    const child = spawn("npx", ["--no-install", "wrangler", ...args], { env: wranglerEnv(options) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => done(resultOf(status, stdout, stderr)));
  });
}

/** Runs wrangler and stops with its output when it fails. */
export function wranglerOrFail(args: string[], options: Parameters<typeof wrangler>[1] = {}) {
  const result = wrangler(args, options);
  if (!result.ok)
    throw new Error(`wrangler ${args.join(" ")} failed (exit ${result.status}):\n${result.output.trim()}`);
  return result;
}

/** `Total Upload: 1303.17 KiB / gzip: 378.58 KiB` as bytes. */
export function uploadSizes(output: string) {
  const match = /Total Upload:\s*([\d.]+) KiB \/ gzip:\s*([\d.]+) KiB/.exec(output);
  if (!match) throw new Error(`No "Total Upload" line in wrangler's output:\n${output}`);
  return { bytes: Math.round(Number(match[1]) * 1024), gzipBytes: Math.round(Number(match[2]) * 1024) };
}

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples?: number[];
  timeDeltas?: number[];
};

/**
 * The CPU a worker's start-up used: the profile's sampled time that was neither idle (as `wrangler check startup`
 * counts it).
 */
export function startupCpuMs(profile: CpuProfile) {
  const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  let active = 0;
  for (const [index, delta] of (profile.timeDeltas ?? []).entries()) {
    if (names.get(profile.samples?.[index] ?? 0) !== "(idle)") active += delta;
  }
  return active / 1000;
}

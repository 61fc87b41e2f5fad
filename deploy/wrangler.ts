import { spawnSync } from "node:child_process";

/** Wrangler as the deploy scripts run it: the project's own, with no telemetry and no prompt. */
export function wrangler(args: string[], options: { env?: Record<string, string>; input?: string } = {}) {
  const result = spawnSync("npx", ["--no-install", "wrangler", ...args], {
    encoding: "utf8",
    input: options.input,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", FORCE_COLOR: "0", ...options.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ok: result.status === 0, status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "", output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

/** Runs wrangler and stops with its output when it fails. */
export function wranglerOrFail(args: string[], options: Parameters<typeof wrangler>[1] = {}) {
  const result = wrangler(args, options);
  if (!result.ok) throw new Error(`wrangler ${args.join(" ")} failed (exit ${result.status}):\n${result.output.trim()}`);
  return result;
}

/** `Total Upload: 1303.17 KiB / gzip: 378.58 KiB` as bytes. */
export function uploadSizes(output: string) {
  const match = /Total Upload:\s*([\d.]+) KiB \/ gzip:\s*([\d.]+) KiB/.exec(output);
  if (!match) throw new Error(`No "Total Upload" line in wrangler's output:\n${output}`);
  return { bytes: Math.round(Number(match[1]) * 1024), gzipBytes: Math.round(Number(match[2]) * 1024) };
}

type CpuProfile = { nodes: { id: number; callFrame: { functionName: string } }[]; samples?: number[]; timeDeltas?: number[] };

/** The CPU a worker's start-up used: the profile's sampled time that was neither idle (as `wrangler check startup` counts it). */
export function startupCpuMs(profile: CpuProfile) {
  const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  let active = 0;
  for (const [index, delta] of (profile.timeDeltas ?? []).entries()) {
    if (names.get(profile.samples?.[index] ?? 0) !== "(idle)") active += delta;
  }
  return active / 1000;
}

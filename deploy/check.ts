// npm run deploy:check: every worker of both environments built, bundled by `wrangler deploy --dry-run` in dependency
// order and started in workerd under `wrangler check startup`; prints each bundle's size and start-up CPU and fails on
// a worker over half of Cloudflare's limit (deploy/limits.ts). Nothing is uploaded; no account is needed.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFor } from "./build.ts";
import { ENVIRONMENT_NAMES, secretsOf, type EnvironmentName } from "./environments.ts";
import { ALLOWED_SHARE, PLATFORM_LIMITS } from "./limits.ts";
import { placeholderSecrets } from "./secrets.ts";
import { startupCpuMs, uploadSizes, wranglerOrFail } from "./wrangler.ts";
import type { Worker } from "./workers.ts";

const OUT = "deploy/.check";
/** Start-up is measured this many times and the median kept: one run on a busy machine says little. */
const STARTUP_RUNS = 3;

type Row = {
  env: EnvironmentName;
  worker: string;
  kib: number;
  gzipKib: number;
  startupMs: number;
  problems: string[];
};

function filesUnder(directory: string): { path: string; bytes: number }[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, bytes: statSync(path).size };
    });
}

function checkWorker(env: EnvironmentName, worker: Worker, assetsDirectory: string | undefined): Row {
  const directory = join(OUT, env);
  const bundle = join(directory, `${worker.key}.bundle`);
  const secretsFile = join(directory, `${worker.key}.secrets.json`);
  writeFileSync(secretsFile, JSON.stringify(placeholderSecrets(secretsOf(worker.key).required)));
  const dryRun = wranglerOrFail([
    "deploy",
    "--dry-run",
    "-c",
    worker.built,
    "--outfile",
    bundle,
    "--secrets-file",
    secretsFile,
  ]);
  const { bytes, gzipBytes } = uploadSizes(dryRun.output);

  const runs: number[] = [];
  for (let run = 0; run < STARTUP_RUNS; run++) {
    const profile = join(directory, `${worker.key}.cpuprofile`);
    wranglerOrFail(["check", "startup", "--worker", bundle, "--outfile", profile]);
    runs.push(startupCpuMs(JSON.parse(readFileSync(profile, "utf8"))));
  }
  const startupMs = runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0;

  const problems: string[] = [];
  const allowed = (limit: number) => limit * ALLOWED_SHARE;
  if (bytes > allowed(PLATFORM_LIMITS.workerBytes))
    problems.push(
      `script ${(bytes / 1024 / 1024).toFixed(1)} MiB over ${allowed(PLATFORM_LIMITS.workerBytes) / 1024 / 1024} MiB`,
    );
  if (startupMs > allowed(PLATFORM_LIMITS.startupMs))
    problems.push(`start-up ${startupMs.toFixed(0)} ms over ${allowed(PLATFORM_LIMITS.startupMs)} ms`);
  if (assetsDirectory) {
    const assets = filesUnder(assetsDirectory);
    if (assets.length > allowed(PLATFORM_LIMITS.assetFiles))
      problems.push(`${assets.length} asset files over ${allowed(PLATFORM_LIMITS.assetFiles)}`);
    for (const asset of assets.filter((file) => file.bytes > allowed(PLATFORM_LIMITS.assetFileBytes)))
      problems.push(`asset ${asset.path} is ${(asset.bytes / 1024 / 1024).toFixed(1)} MiB`);
  }
  return { env, worker: worker.key, kib: bytes / 1024, gzipKib: gzipBytes / 1024, startupMs, problems };
}

rmSync(OUT, { recursive: true, force: true });
const rows: Row[] = [];
for (const env of ENVIRONMENT_NAMES) {
  mkdirSync(join(OUT, env), { recursive: true });
  console.log(`building for ${env}...`);
  for (const { worker, built } of buildFor(env)) {
    const assets = built.assets?.directory ? join(worker.built, "..", built.assets.directory) : undefined;
    const row = checkWorker(env, worker, assets);
    rows.push(row);
    console.log(
      `${env.padEnd(10)} ${worker.key.padEnd(13)} ${row.kib.toFixed(0).padStart(6)} KiB  gzip ${row.gzipKib.toFixed(0).padStart(5)} KiB  start-up ${row.startupMs.toFixed(1).padStart(6)} ms  ${row.problems.length ? `OVER: ${row.problems.join("; ")}` : "ok"}`,
    );
  }
}
// The tree is left with the local build, as `npm start` and the tests expect it.
execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });

const limits = `limits: script ${PLATFORM_LIMITS.workerBytes / 1024 / 1024} MiB, start-up ${PLATFORM_LIMITS.startupMs} ms, ${PLATFORM_LIMITS.assetFiles} asset files of ${PLATFORM_LIMITS.assetFileBytes / 1024 / 1024} MiB at most; allowed: ${ALLOWED_SHARE * 100}% of each`;
const failed = rows.filter((row) => row.problems.length);
console.log(`\n${limits}`);
console.log(
  failed.length
    ? `deploy:check FAILED: ${failed.map((row) => `${row.env}/${row.worker}`).join(", ")}`
    : `deploy:check passed: ${rows.length} workers in ${ENVIRONMENT_NAMES.length} environments`,
);
process.exit(failed.length ? 1 : 0);

// npm run deploy -- --env staging|production [--dry-run] [--secrets-file FILE] [--settle-seconds N]
// Builds every worker for the environment, replaces the internal workers dependencies first, rolls the storefront out
// 0% (smoked through a version override) → 10% → 50% → 100% with the smoke journey of every brand after each step
// (a failure puts all traffic back and stops), then announces the build through build-version. --dry-run builds,
// checks every upload with wrangler's own dry run and prints the release's steps without calling Cloudflare.
// Needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID, and `npm run provision` done once. docs/decisions/0031.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { BRANDS, brandHostsIn } from "../contract/brands/brands.ts";
import { buildFor } from "./build.ts";
import { cloudflareApi } from "./cloudflare.ts";
import { readResourceIds } from "./configs.ts";
import { isEnvironmentName, workerName, type EnvironmentName } from "./environments.ts";
import { planOf } from "./plan.ts";
import { release, RolloutStopped, type Platform } from "./rollout.ts";
import { runSmoke } from "./smoke.ts";
import { wranglerOrFail } from "./wrangler.ts";
import { workerOf, type WorkerKey } from "./workers.ts";

const USAGE =
  "usage: npm run deploy -- --env staging|production [--dry-run] [--secrets-file FILE] [--settle-seconds N]";
const VERSION_OVERRIDE_HEADER = "Cloudflare-Workers-Version-Overrides";

/** The smoke journey of every brand on its own hosts in the environment, optionally against one storefront version. */
export async function smokeEnvironment(env: EnvironmentName, version: { worker: string; id: string } | null) {
  const headers: Record<string, string> = version
    ? { [VERSION_OVERRIDE_HEADER]: `${version.worker}="${version.id}"` }
    : {};
  const failures: string[] = [];
  let checks = 0;
  for (const brand of BRANDS) {
    const host = brandHostsIn(brand, env)[0]!;
    const report = await runSmoke(`https://${host}`, { brands: [brand.slug], headers });
    checks += report.results.length;
    if (!report.passed) failures.push(report.summary);
  }
  const against = version ? ` against ${version.worker} ${version.id}` : "";
  return failures.length
    ? { passed: false, summary: `smoke FAILED${against}: ${failures.join(" | ")}` }
    : { passed: true, summary: `smoke passed${against}: ${BRANDS.length} brands, ${checks} checks` };
}

/** Refuses a release of an environment whose resources were never provisioned (their ids would be missing). */
function requireProvisioned(env: EnvironmentName) {
  const ids = readResourceIds()[env] ?? {};
  const missing = planOf(env).filter((step) => (step.kind === "kv" || step.kind === "d1") && !ids[step.name]);
  if (missing.length)
    throw new Error(
      `${missing.map((step) => ("name" in step ? step.name : "")).join(", ")} not provisioned: run npm run provision -- --env ${env}, and commit what it records`,
    );
}

/**
 * Per-worker secrets files from one JSON file `{ "storefront": { "SESSION_PASSWORD": "..." }, "api-proxy": { ... } }`.
 */
function splitSecrets(file: string | undefined) {
  if (!file) return { of: (_worker: WorkerKey) => [] as string[], clean: () => undefined };
  const all = JSON.parse(readFileSync(file, "utf8")) as Partial<Record<WorkerKey, Record<string, string>>>;
  const directory = mkdtempSync(join(tmpdir(), "release-secrets-"));
  chmodSync(directory, 0o700);
  return {
    of(worker: WorkerKey) {
      const secrets = all[worker];
      if (!secrets) return [];
      const path = join(directory, `${worker}.json`);
      writeFileSync(path, JSON.stringify(secrets), { mode: 0o600 });
      return ["--secrets-file", path];
    },
    clean: () => rmSync(directory, { recursive: true, force: true }),
  };
}

/** The version id `wrangler versions upload` reports in its machine-readable output file. */
function uploadedVersion(args: string[]) {
  const directory = mkdtempSync(join(tmpdir(), "release-output-"));
  const output = join(directory, "output.ndjson");
  try {
    wranglerOrFail(args, { env: { WRANGLER_OUTPUT_FILE_PATH: output } });
    const entry = readFileSync(output, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; version_id?: string })
      .find((line) => line.type === "version-upload");
    if (!entry?.version_id) throw new Error("wrangler versions upload reported no version id");
    return entry.version_id;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function cloudflarePlatform(
  env: EnvironmentName,
  buildId: string,
  secrets: ReturnType<typeof splitSecrets>,
  settleSeconds: number,
): Platform {
  const token = process.env.CLOUDFLARE_API_TOKEN;
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID;
  if (!token || !accountId)
    throw new Error("Set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (README, Deploying), or add --dry-run.");
  const api = cloudflareApi({ token, accountId, baseUrl: process.env.CLOUDFLARE_API_BASE_URL });
  const message = ["--message", `release ${buildId}`];
  return {
    exists: async (worker) => (await api.deployments(worker)) !== null,
    async liveVersion(worker) {
      const [live] = (await api.deployments(worker)) ?? [];
      const version = live?.versions.toSorted((a, b) => b.percentage - a.percentage)[0]?.version_id;
      if (!version) throw new Error(`${worker} has no live version`);
      return version;
    },
    deployWhole: async (worker) =>
      void wranglerOrFail(["deploy", "-c", workerOf(worker).built, ...secrets.of(worker), ...message]),
    upload: async (worker) =>
      uploadedVersion([
        "versions",
        "upload",
        "-c",
        workerOf(worker).built,
        "--tag",
        buildId,
        ...secrets.of(worker),
        ...message,
      ]),
    async split(worker, next, previous, percent) {
      const specs = percent === 100 ? [`${next}@100`] : [`${next}@${percent}`, `${previous}@${100 - percent}`];
      wranglerOrFail(["versions", "deploy", ...specs, "--name", worker, "--yes", ...message]);
    },
    applyTriggers: async (worker) => void wranglerOrFail(["triggers", "deploy", "-c", workerOf(worker).built]),
    smoke: (version) => smokeEnvironment(env, version),
    settle: () => new Promise((done) => setTimeout(done, settleSeconds * 1000)),
  };
}

/** A platform that changes nothing: each step printed as the command it would run; every smoke passes. */
function printingPlatform(env: EnvironmentName, buildId: string, log: (line: string) => void): Platform {
  const run = (args: string[]) => log(`  would run: npx wrangler ${args.join(" ")}`);
  return {
    exists: async () => true,
    liveVersion: async () => "<live version>",
    deployWhole: async (worker) => run(["deploy", "-c", workerOf(worker).built, "--message", `"release ${buildId}"`]),
    upload: async (worker) => {
      run(["versions", "upload", "-c", workerOf(worker).built, "--tag", buildId]);
      return "<new version>";
    },
    split: async (worker, next, previous, percent) =>
      run([
        "versions",
        "deploy",
        ...(percent === 100 ? [`${next}@100`] : [`${next}@${percent}`, `${previous}@${100 - percent}`]),
        "--name",
        worker,
        "--yes",
      ]),
    applyTriggers: async (worker) => run(["triggers", "deploy", "-c", workerOf(worker).built]),
    smoke: async (version) => {
      const hosts = BRANDS.map((brand) => `https://${brandHostsIn(brand, env)[0]}`).join(" ");
      log(
        `  would run: the smoke of ${hosts}${version ? ` with ${VERSION_OVERRIDE_HEADER}: ${version.worker}="${version.id}"` : ""}`,
      );
      return { passed: true, summary: "  (a failed smoke would put all traffic back on the live version and stop)" };
    },
    settle: async () => undefined,
  };
}

async function main() {
  let values: { env?: string; "dry-run"?: boolean; "secrets-file"?: string; "settle-seconds"?: string };
  try {
    ({ values } = parseArgs({
      options: {
        env: { type: "string" },
        "dry-run": { type: "boolean" },
        "secrets-file": { type: "string" },
        "settle-seconds": { type: "string", default: "20" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const env = values.env;
  const settleSeconds = Number(values["settle-seconds"]);
  if (!isEnvironmentName(env) || !Number.isInteger(settleSeconds) || settleSeconds < 0) {
    console.error(USAGE);
    return 2;
  }
  const log = (line: string) => console.log(line);
  if (!values["dry-run"]) requireProvisioned(env);

  console.log(`building for ${env}...`);
  const built = buildFor(env);
  const buildId = (
    JSON.parse(readFileSync("workers/build-version/manifest.generated.json", "utf8")) as { buildId: string }
  ).buildId;

  if (values["dry-run"]) {
    for (const { worker } of built) {
      const args =
        worker.key === "storefront"
          ? ["versions", "upload", "--dry-run", "-c", worker.built]
          : ["deploy", "--dry-run", "-c", worker.built];
      wranglerOrFail(args);
      log(`checked ${workerName(worker.key, env)}: npx wrangler ${args.join(" ")}`);
    }
    log(`\nrelease plan for ${env}, build ${buildId} (a later release; the first one deploys every worker at once):`);
    await release(env, printingPlatform(env, buildId, log), log);
    execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
    log("\ndry run: nothing was uploaded (the tree holds the local build again)");
    return 0;
  }

  const secrets = splitSecrets(values["secrets-file"]);
  try {
    const result = await release(env, cloudflarePlatform(env, buildId, secrets, settleSeconds), log);
    log(`released ${env}: build ${buildId}, storefront ${result.storefront}`);
    return 0;
  } catch (error) {
    if (error instanceof RolloutStopped) {
      console.error(`release stopped: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    secrets.clean();
  }
}

if (import.meta.main) process.exit(await main());

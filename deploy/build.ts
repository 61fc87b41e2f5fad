import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { ENVIRONMENTS, environmentRuns, workerName, type EnvironmentName } from "./environments.ts";
import { WORKERS, type Worker } from "./workers.ts";

/** What `vite build` wrote for one worker: the flattened config of the environment it was built for. */
export type BuiltConfig = {
  name: string;
  targetEnvironment?: string;
  topLevelName?: string;
  services?: { binding: string; service: string }[];
  assets?: { directory?: string };
};

export function readBuilt(worker: Worker): BuiltConfig {
  return JSON.parse(readFileSync(worker.built, "utf8")) as BuiltConfig;
}

/**
 * Builds every worker for one environment. The Cloudflare Vite plugin applies the environment at build time and writes
 * a flattened config per worker; `wrangler deploy --env` does not apply to it (a known pitfall: it would deploy
 * whatever was built last), so the environment is chosen here, by CLOUDFLARE_ENV, and checked in every built config.
 */
export function buildFor(env: EnvironmentName) {
  execFileSync("npm", ["run", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CLOUDFLARE_ENV: env },
  });
  return verifyBuild(env);
}

/** The workers this environment runs, each with its built config, refusing a build made for another environment. */
export function verifyBuild(env: EnvironmentName) {
  const workers = WORKERS.filter((worker) => environmentRuns(ENVIRONMENTS[env], worker.key));
  const names = new Set(workers.map((worker) => workerName(worker.key, env)));
  return workers.map((worker) => {
    const built = readBuilt(worker);
    const expected = workerName(worker.key, env);
    if (built.targetEnvironment !== env || built.name !== expected) {
      throw new Error(
        `${worker.built} was built for "${built.targetEnvironment ?? "local"}" as ${built.name}, not for ${env} as ${expected}: build again with CLOUDFLARE_ENV=${env}`,
      );
    }
    for (const { binding, service } of built.services ?? []) {
      if (!names.has(service))
        throw new Error(`${built.name} binds ${binding} to ${service}, which ${env} does not deploy`);
    }
    return { worker, built };
  });
}

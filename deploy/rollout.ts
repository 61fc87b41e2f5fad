import { ENVIRONMENTS, environmentRuns, workerName, type EnvironmentName } from "./environments.ts";
import { WORKERS, type WorkerKey } from "./workers.ts";

/**
 * What a release does on Cloudflare: wrangler and the API in real use (deploy/release.ts), a recording fake in tests.
 */
export type Platform = {
  /** Whether the worker has been deployed before. */
  exists(worker: string): Promise<boolean>;
  /** The version serving the worker's traffic now (the one at the largest share). */
  liveVersion(worker: string): Promise<string>;
  /** Uploads and serves a worker's build at once, triggers and domains included (`wrangler deploy`). */
  deployWhole(worker: WorkerKey): Promise<void>;
  /** Uploads a new version that serves nothing yet (`wrangler versions upload`); its id. */
  upload(worker: WorkerKey): Promise<string>;
  /** Splits traffic: `next` at `percent`, `previous` at the rest (`wrangler versions deploy`). */
  split(worker: string, next: string, previous: string, percent: number): Promise<void>;
  /** Applies the worker's routes, custom domains and cron triggers (`wrangler triggers deploy`). */
  applyTriggers(worker: WorkerKey): Promise<void>;
  /** The smoke journey of every brand, optionally against one version of the storefront (a version override). */
  smoke(version: { worker: string; id: string } | null): Promise<{ passed: boolean; summary: string }>;
  /** Lets a change of the traffic split reach every location before it is judged. */
  settle(): Promise<void>;
};

/** The storefront's rollout: first at 0% (reached only by a version override), then to these shares of its traffic. */
export const ROLLOUT_PERCENTS = [0, 10, 50, 100] as const;

export class RolloutStopped extends Error {}

/**
 * Releases every worker of an environment. Internal workers are replaced at once, dependencies first (their answers
 * stay compatible with the storefront still live: they are the contract's, checked by both sides). The storefront
 * goes out gradually: a new version is smoked through a version override before it takes any traffic, and again at
 * each share; a failed smoke puts all traffic back on the previous version and stops. build-version goes last, so
 * builds/latest.json announces the release only once every visitor gets it.
 */
export async function release(
  env: EnvironmentName,
  platform: Platform,
  log: (line: string) => void,
  percents: readonly number[] = ROLLOUT_PERCENTS,
) {
  const running = WORKERS.filter((worker) => environmentRuns(ENVIRONMENTS[env], worker.key));
  const storefront = workerName("storefront", env);
  const builds = workerName("build-version", env);
  const announcedFirst = !(await platform.exists(builds));

  for (const worker of running) {
    if (worker.key === "storefront" || (worker.key === "build-version" && !announcedFirst)) continue;
    log(`deploying ${workerName(worker.key, env)}`);
    await platform.deployWhole(worker.key);
  }

  if (!(await platform.exists(storefront))) {
    log(`deploying ${storefront} (its first release: all at once)`);
    await platform.deployWhole("storefront");
    await platform.settle();
    const smoke = await platform.smoke(null);
    log(smoke.summary);
    if (!smoke.passed)
      throw new RolloutStopped(`${storefront}'s first release failed its smoke: nothing to roll back to`);
    return { storefront: "first release" };
  }

  const previous = await platform.liveVersion(storefront);
  const next = await platform.upload("storefront");
  log(`uploaded ${storefront} version ${next} (live: ${previous})`);
  for (const percent of percents) {
    await platform.split(storefront, next, previous, percent);
    await platform.settle();
    log(`${storefront}: ${next} at ${percent}%`);
    const smoke = await platform.smoke({ worker: storefront, id: next });
    log(smoke.summary);
    if (!smoke.passed) {
      await platform.split(storefront, previous, next, 100);
      throw new RolloutStopped(
        `${storefront} ${next} failed its smoke at ${percent}%: all traffic is back on ${previous}`,
      );
    }
  }
  await platform.applyTriggers("storefront");
  if (!announcedFirst) {
    log(`deploying ${builds} (announces the release to open pages)`);
    await platform.deployWhole("build-version");
  }
  return { storefront: next };
}

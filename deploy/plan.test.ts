import { describe, expect, it } from "vitest";
import { readLocalConfig } from "./configs.ts";
import { ENVIRONMENT_NAMES, ENVIRONMENTS, environmentRuns } from "./environments.ts";
import { BINDING_KEYS, planOf, type PlanStep } from "./plan.ts";
import { WORKERS } from "./workers.ts";

/** What an env section may hold besides bindings: the worker's name, its routes and its settings. */
const SETTINGS = new Set(["name", "workers_dev", "preview_urls", "routes", "observability", "vars", "triggers"]);

type Binding = { worker: string; binding: string };

/** Every binding of every deployed config, read straight from the env sections (not from the plan's own reading). */
function bindingsOf(env: (typeof ENVIRONMENT_NAMES)[number]): Binding[] {
  const found: Binding[] = [];
  for (const worker of WORKERS.filter((candidate) => environmentRuns(ENVIRONMENTS[env], candidate.key))) {
    const section = readLocalConfig(worker).env?.[env] as Record<string, unknown>;
    const name = section.name as string;
    for (const [key, value] of Object.entries(section)) {
      if (SETTINGS.has(key)) continue;
      expect(BINDING_KEYS, `${worker.config} ${env}: the plan does not know "${key}"`).toContain(key);
      if (key === "queues") {
        const queues = value as {
          producers?: { binding: string }[];
          consumers?: { queue: string; dead_letter_queue?: string }[];
        };
        for (const producer of queues.producers ?? []) found.push({ worker: name, binding: producer.binding });
        for (const consumer of queues.consumers ?? []) {
          found.push({ worker: name, binding: `consumer of ${consumer.queue}` });
          if (consumer.dead_letter_queue) found.push({ worker: name, binding: `dead letters of ${consumer.queue}` });
        }
      } else if (key === "ratelimits") {
        for (const limit of value as { name: string }[]) found.push({ worker: name, binding: limit.name });
      } else if (Array.isArray(value)) {
        for (const item of value as { binding: string }[]) found.push({ worker: name, binding: item.binding });
      } else {
        found.push({ worker: name, binding: (value as { binding: string }).binding });
      }
    }
  }
  return found;
}

const bindingOf = (step: PlanStep) => ("binding" in step ? { worker: step.worker, binding: step.binding } : null);

describe("the provisioning plan", () => {
  it.each(ENVIRONMENT_NAMES)("%s: has a step for every binding of every config", (env) => {
    const planned = planOf(env).map(bindingOf).filter(Boolean);
    const bindings = bindingsOf(env);
    expect(bindings.length).toBeGreaterThanOrEqual(16);
    for (const binding of bindings)
      expect(planned, `${binding.worker} ${binding.binding} is missing from the plan`).toContainEqual(binding);
  });

  it.each(ENVIRONMENT_NAMES)(
    "%s: creates each resource the configs name, and the zones of every custom domain",
    (env) => {
      const plan = planOf(env);
      const names = (kind: PlanStep["kind"]) =>
        [...new Set(plan.filter((step) => step.kind === kind).map((step) => ("name" in step ? step.name : "")))].sort();
      expect(names("kv")).toEqual([`storefront-sessions-${env}`]);
      expect(names("d1")).toEqual([`storefront-analytics-${env}`, `storefront-store-${env}`]);
      expect(names("queue")).toEqual([
        `storefront-page-events-${env}`,
        `storefront-page-events-${env}-dlq`,
        `storefront-print-jobs-${env}`,
      ]);
      expect(names("r2")).toEqual([`storefront-uploads-${env}`]);
      const domains = plan.filter((step) => step.kind === "domain");
      const zones = plan.filter((step) => step.kind === "affinity");
      expect(zones).toHaveLength(8);
      for (const domain of domains)
        expect(
          zones.some(
            (zone) => zone.kind === "affinity" && zone.zone === domain.zone && zone.hosts.includes(domain.host),
          ),
        ).toBe(true);
    },
  );
});

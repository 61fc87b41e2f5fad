import { describe, expect, it } from "vitest";
import { release, RolloutStopped, type Platform } from "./rollout.ts";

/** A platform that records every call; smoke fails where a test says. */
function platform(options: { deployed: string[]; failSmokeAt?: number }) {
  const calls: string[] = [];
  let share = 0;
  const fake: Platform = {
    exists: async (worker) => options.deployed.includes(worker),
    liveVersion: async () => "v-old",
    deployWhole: async (worker) => void calls.push(`deploy ${worker}`),
    upload: async (worker) => {
      calls.push(`upload ${worker}`);
      return "v-new";
    },
    split: async (worker, next, previous, percent) => {
      share = next === "v-new" ? percent : 100 - percent;
      calls.push(`split ${worker} ${next}@${percent} ${previous}@${100 - percent}`);
    },
    applyTriggers: async (worker) => void calls.push(`triggers ${worker}`),
    smoke: async (version) => {
      calls.push(`smoke ${version ? version.id : "live"}`);
      const passed = options.failSmokeAt === undefined || share !== options.failSmokeAt;
      return { passed, summary: passed ? "smoke passed" : "smoke FAILED" };
    },
    settle: async () => undefined,
  };
  return { fake, calls };
}

const everything = [
  "product-api-production",
  "uploads-production",
  "print-files-production",
  "invoice-pdf-production",
  "api-proxy-production",
  "payments-production",
  "build-version-production",
  "storefront-production",
];

describe("a release", () => {
  it("replaces internal workers dependencies first, rolls the storefront out 0 → 10 → 50 → 100 with a smoke at each, then announces it", async () => {
    const { fake, calls } = platform({ deployed: everything });
    await expect(release("production", fake, () => undefined)).resolves.toEqual({ storefront: "v-new" });
    expect(calls).toEqual([
      "deploy product-api",
      "deploy uploads",
      "deploy print-files",
      "deploy invoice-pdf",
      "deploy api-proxy",
      "deploy payments",
      "upload storefront",
      "split storefront-production v-new@0 v-old@100",
      "smoke v-new",
      "split storefront-production v-new@10 v-old@90",
      "smoke v-new",
      "split storefront-production v-new@50 v-old@50",
      "smoke v-new",
      "split storefront-production v-new@100 v-old@0",
      "smoke v-new",
      "triggers storefront",
      "deploy build-version",
    ]);
  });

  it("puts all traffic back on the live version and stops when a smoke fails, announcing nothing", async () => {
    const { fake, calls } = platform({ deployed: everything, failSmokeAt: 50 });
    await expect(release("production", fake, () => undefined)).rejects.toThrow(RolloutStopped);
    expect(calls.slice(-3)).toEqual([
      "split storefront-production v-new@50 v-old@50",
      "smoke v-new",
      "split storefront-production v-old@100 v-new@0",
    ]);
    expect(calls).not.toContain("deploy build-version");
    expect(calls).not.toContain("triggers storefront");
  });

  it("never gives traffic to a version that fails at 0%", async () => {
    const { fake, calls } = platform({ deployed: everything, failSmokeAt: 0 });
    await expect(release("production", fake, () => undefined)).rejects.toThrow(/at 0%/);
    expect(calls.filter((call) => call.startsWith("split"))).toEqual([
      "split storefront-production v-new@0 v-old@100",
      "split storefront-production v-old@100 v-new@0",
    ]);
  });

  it("deploys everything at once on the first release, build-version before the storefront that binds it", async () => {
    const { fake, calls } = platform({ deployed: [] });
    await release("staging", fake, () => undefined);
    expect(calls).toEqual([
      "deploy product-api",
      "deploy uploads",
      "deploy print-files",
      "deploy invoice-pdf",
      "deploy api-proxy",
      "deploy payments",
      "deploy build-version",
      "deploy storefront",
      "smoke live",
    ]);
  });
});

import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm run lint` (Biome, biome.json; docs/decisions/0040) fails on what it is there to catch: each sample is written as
// a file of the project and linted with the project's configuration, in one run, and must be refused for its rule.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIOME = resolve(ROOT, "node_modules/.bin/biome");
const SAMPLES = join(ROOT, `.lint-samples-${process.pid}`);

const CASES: Record<string, { file: string; source: string; rule: string | null }> = {
  clean: { file: "clean.ts", source: "export const answer = 42;\n", rule: null },
  "an unused variable": {
    file: "unused-variable.ts",
    source: "export function f() {\n  const unused = 1;\n  return 2;\n}\n",
    rule: "lint/correctness/noUnusedVariables",
  },
  "an unused import": {
    file: "unused-import.ts",
    source: 'import { z } from "zod";\n\nexport const answer = 42;\n',
    rule: "lint/correctness/noUnusedImports",
  },
  "a floating promise": {
    file: "floating-promise.ts",
    source: "async function work() {}\n\nexport function run() {\n  work();\n}\n",
    rule: "lint/nursery/noFloatingPromises",
  },
  "a switch that misses a case of its union": {
    file: "switch.ts",
    source: 'export function f(kind: "a" | "b") {\n  switch (kind) {\n    case "a":\n      return 1;\n  }\n}\n',
    rule: "lint/nursery/useExhaustiveSwitchCases",
  },
  "a hook called conditionally": {
    file: "conditional-hook.tsx",
    source:
      'import { useState } from "react";\n\nexport function C({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n',
    rule: "lint/correctness/useHookAtTopLevel",
  },
  "a hook missing a dependency": {
    file: "hook-dependency.tsx",
    source:
      'import { useEffect } from "react";\n\nexport function C({ n }: { n: number }) {\n  useEffect(() => {\n    console.log(n);\n  }, []);\n  return null;\n}\n',
    rule: "lint/correctness/useExhaustiveDependencies",
  },
};

type Diagnostic = { category: string; location: { path: string } };
let found: Diagnostic[] = [];

beforeAll(() => {
  mkdirSync(SAMPLES, { recursive: true });
  for (const { file, source } of Object.values(CASES)) writeFileSync(join(SAMPLES, file), source);
  const run = spawnSync(BIOME, ["lint", "--reporter=json", "--max-diagnostics=none", SAMPLES], {
    cwd: ROOT,
    encoding: "utf8",
  });
  found = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}, 120_000);
afterAll(() => rmSync(SAMPLES, { recursive: true, force: true }));

const rulesOf = (file: string) =>
  found.filter((diagnostic) => diagnostic.location.path.endsWith(`/${file}`)).map((diagnostic) => diagnostic.category);

describe("the linter", () => {
  it("passes a clean file", () => {
    expect(rulesOf(CASES.clean!.file)).toEqual([]);
  });

  it.each(Object.entries(CASES).filter(([, sample]) => sample.rule))("refuses %s", (_, { file, rule }) => {
    expect(rulesOf(file)).toContain(rule);
  });

  it("keeps lines within 120 characters where the formatter can break them", () => {
    const long = `export const list = [${Array.from({ length: 30 }, (_, index) => `"item${index}"`).join(", ")}];\n`;
    const run = spawnSync(BIOME, ["format", "--stdin-file-path=app/lib/sample.ts"], {
      cwd: ROOT,
      input: long,
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(Math.max(...run.stdout.split("\n").map((line) => line.length))).toBeLessThanOrEqual(120);
  });
});

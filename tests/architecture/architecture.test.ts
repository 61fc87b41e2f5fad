import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { cruise, type ICruiseOptions, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { describe, expect, it } from "vitest";

// The architecture rules of .dependency-cruiser.cjs (docs/decisions/0013), run against the code and against a fixture
// with one wrong import per rule, so a rule that stopped catching its mistake fails here too.
const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(import.meta.dirname, "fixture");
const SOURCES = ["app", "contract", "workers", "tests"];

async function violations(baseDir: string, sources: string[], overrides: Partial<ICruiseOptions> = {}) {
  const options = await extractDepcruiseOptions(path.join(ROOT, ".dependency-cruiser.cjs"));
  const { output } = await cruise(sources, { ...options, baseDir, ...overrides });
  return (output as ICruiseResult).summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || full === FIXTURE ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("the architecture", () => {
  it("keeps every dependency rule", { timeout: 60_000 }, async () => {
    expect(await violations(ROOT, ["app", "contract", "workers", "tests/setup", "tests/integration"])).toEqual([]);
  });

  it("has no import that climbs more than one folder: aliases (~/, @contract/, @test-setup/) say where code lives", () => {
    const climbing = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) =>
      [
        ...readFileSync(file, "utf8").matchAll(
          /(?:from\s+|import\s*\(\s*|import\.meta\.glob(?:<[^>]*>)?\(\s*)["'](\.\.\/\.\.\/[^"']*)["']/g,
        ),
      ].map((match) => `${path.relative(ROOT, file)} imports ${match[1]}`),
    );
    expect(climbing).toEqual([]);
  });

  it("links with the store's Link and NavLink (app/components/link.tsx), which the server writes without React Router's hooks", () => {
    const routerLinks = sourceFiles(path.join(ROOT, "app"))
      .filter((file) => !/components\/link(\.test)?\.tsx?$/.test(file))
      .filter((file) =>
        /import\s*\{[^}]*\b(?<!type )(?:Link|NavLink)\b[^}]*\}\s*from\s*["']react-router["']/.test(
          readFileSync(file, "utf8"),
        ),
      )
      .map((file) => path.relative(ROOT, file));
    expect(routerLinks).toEqual([]);
  });

  it("reloads a page only through the reload guard (app/lib/client-state/reload.ts), never twice within 10 seconds", () => {
    const reloads = sourceFiles(path.join(ROOT, "app"))
      .filter((file) => !file.endsWith(path.join("lib", "client-state", "reload.ts")))
      .filter((file) =>
        /\blocation\s*\.\s*(?:reload|assign|replace)\s*\(|\b(?:window|document|self|globalThis)\.location(?:\.href)?\s*=[^=]|\blocation\.href\s*=[^=]/.test(
          readFileSync(file, "utf8"),
        ),
      )
      .map((file) => path.relative(ROOT, file));
    expect(reloads).toEqual([]);
  });
});

describe("the rules, on a fixture with one mistake each", () => {
  it("name the rule and the import of every wrong one, and pass the right ones", { timeout: 60_000 }, async () => {
    const found = await violations(FIXTURE, ["app", "contract", "workers"], { tsConfig: undefined });
    expect(found.sort()).toEqual(
      [
        "server-code-not-in-the-browser: app/components/price-tag.tsx → app/lib/secret.server.ts",
        "app-stays-out-of-workers: app/lib/reach-worker.ts → workers/api-proxy/index.ts",
        "contract-stands-alone: contract/price.ts → app/lib/ping.ts",
        "contract-has-no-runtime: contract/price.ts → ../../../node_modules/react/index.js",
        "workers-stay-out-of-app: workers/api-proxy/index.ts → app/lib/secret.server.ts",
        "worker-keeps-to-its-folder: workers/api-proxy/index.ts → app/lib/secret.server.ts",
        "worker-keeps-to-its-folder: workers/api-proxy/index.ts → workers/product-api/db.ts",
        "no-cycles: app/lib/ping.ts → app/lib/pong.ts",
      ].sort(),
    );
  });
});

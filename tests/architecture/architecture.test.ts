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
    const found = await violations(ROOT, ["app", "contract", "workers", "tests/setup", "tests/integration"]);
    expect(found).toEqual([]);
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

/**
 * Module-level collections that start empty are memories: filled as requests come, they live as long as the isolate.
 * Each is made by the registry (contract/memory/isolate-memories.ts: isolateMemory, with its bounds) or, kept per
 * request, by requestMemory (app/lib/speed/request-memory.ts); docs/decisions/0043.
 */
const MODULE_MEMORY =
  /^(?:export\s+)?(?:const|let)\s+(\w+)\s*(?::[^=]+)?=\s*new\s+(?:Map|WeakMap|Set|WeakSet)\s*(?:<[^;]*?>)?\(\s*\)/gm;
/**
 * Weak memories, outside the registry: each keeps something only while its key (a locale's frozen strings, or the
 * strings a page picked from them, themselves in a registered memory) is alive, so its bound is its keys'.
 */
const WEAK_MEMORIES: Record<string, string> = {
  "app/lib/i18n/page-strings.server.ts elements": "the page strings element's bytes, per set of picked strings",
  "app/lib/i18n/translator.ts picked": "the strings picked per list of keys, per locale's strings (500 lists at most)",
};

describe("the isolate's memories", () => {
  it("are made by the registry, with their bounds: no module keeps an empty Map, WeakMap or Set of its own", () => {
    const own = ["app", "contract"]
      .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(MODULE_MEMORY)].map(
          (match) => `${path.relative(ROOT, file)} ${match[1]}`,
        ),
      )
      .filter((memory) => !(memory in WEAK_MEMORIES));
    expect(own).toEqual([]);
  });

  it("catches a module's own memory", () => {
    const text =
      "const seen = new Map<string, { at: number }>();\nexport let tags = new WeakMap();\nconst FIXED = new Set([1]);";
    expect([...text.matchAll(MODULE_MEMORY)].map((match) => match[1])).toEqual(["seen", "tags"]);
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
        "no-cycles: app/lib/tick.ts → app/lib/tock.ts",
      ].sort(),
    );
  });
});

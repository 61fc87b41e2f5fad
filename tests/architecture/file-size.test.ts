import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Small units (issue 25): no source file over 400 lines, but generated files, SQL and seed data. A file that grows past
// the limit is split into files of one concern each, named for what they hold.
const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCES = ["app", "contract", "workers", "scripts", "tests", "deploy", "bench"];
const MAX_LINES = 400;
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;

/** Generated files (the bindings' types `npm run typegen:workers` writes), whatever their length. */
const GENERATED = /(?:^|\/)env\.d\.ts$/;

/** The files allowed over the limit, each with why. */
const ALLOWED: Record<string, string> = {
  "workers/product-api/seed/pickup-points.ts": "seed data: the carriers' pickup points",
  "workers/product-api/seed/generate.ts": "seed data: writes the catalogue seed's SQL from seed/content",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Build output (a bench floor's `build/` after `npm run bench`) is no source.
    if (entry.isDirectory())
      return ["node_modules", "build", "dist"].includes(entry.name) || entry.name.startsWith(".")
        ? []
        : sourceFiles(full);
    return SOURCE_FILE.test(entry.name) ? [full] : [];
  });
}

const lineCounts = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => {
  const text = readFileSync(file, "utf8");
  return { file: path.relative(ROOT, file).split(path.sep).join("/"), lines: text.split("\n").length - 1 };
});

/** The files over the limit that nothing allows, with their length. */
function tooLong(counts: { file: string; lines: number }[]) {
  return counts
    .filter(({ file, lines }) => lines > MAX_LINES && !GENERATED.test(file) && !(file in ALLOWED))
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

describe("the size of source files", () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer, but generated files, SQL and seed data`, () => {
    expect(tooLong(lineCounts)).toEqual([]);
  });

  it("names a file one line over the limit, and lets one at the limit, a generated one and an allowed one pass", () => {
    expect(
      tooLong([
        { file: "app/routes/long.tsx", lines: MAX_LINES + 1 },
        { file: "app/routes/full.tsx", lines: MAX_LINES },
        { file: "workers/uploads/env.d.ts", lines: 5_000 },
        { file: "workers/product-api/seed/pickup-points.ts", lines: 5_000 },
      ]),
    ).toEqual([`app/routes/long.tsx: ${MAX_LINES + 1} lines`]);
  });

  it("allows only files that exist and are over the limit, so the list stays true", () => {
    const stale = Object.keys(ALLOWED).filter(
      (file) => !lineCounts.some((count) => count.file === file && count.lines > MAX_LINES),
    );
    expect(stale).toEqual([]);
  });
});

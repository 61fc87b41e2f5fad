import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What contract/ exports is what both sides share: an export nothing else names is dead code (or belongs unexported in
// its own file). Biome finds unused variables and imports, not unused exports (docs/decisions/0044).
const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCES = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT })
  .toString()
  .split("\n")
  .filter((file) => /\.(ts|tsx|cjs|mjs|js)$/.test(file) && !file.startsWith("tests/architecture/fixture/"));
const TEXTS = new Map(SOURCES.map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));
const EXPORT = /^export\s+(?:declare\s+)?(?:const|let|function|async function|type|interface|class|enum)\s+([\w$]+)/gm;

/** The exports of `file` whose name no other source file mentions. */
function unreadExports(file: string, texts: ReadonlyMap<string, string>): string[] {
  const names = [...(texts.get(file) ?? "").matchAll(EXPORT)].map((match) => match[1] ?? "");
  return names.filter((name) => {
    const word = new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`);
    return ![...texts].some(([other, text]) => other !== file && word.test(text));
  });
}

describe("contract/'s exports", () => {
  it("are each read outside their own file", () => {
    const unread = SOURCES.filter((file) => file.startsWith("contract/") && !file.includes(".test.")).flatMap((file) =>
      unreadExports(file, TEXTS).map((name) => `${file}: ${name}`),
    );
    expect(unread).toEqual([]);
  });

  it("an export nobody reads is found", () => {
    const texts = new Map([
      ["contract/a.ts", "export const used = 1;\nexport type Unused = string;\nexport function alsoUnused() {}"],
      ["app/b.ts", 'import { used } from "@contract/a";'],
    ]);
    expect(unreadExports("contract/a.ts", texts)).toEqual(["Unused", "alsoUnused"]);
  });
});

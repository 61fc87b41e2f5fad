import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { citedPaths, pathExists } from "./cited-paths.ts";

// The README and the decision records cite the repository's files; a file that moved or went leaves them saying what is
// no longer true (docs/decisions/0044). A record that tells of a removed file says so without citing it as a path.
const ROOT = path.resolve(import.meta.dirname, "../..");
const DOCUMENTS = [
  "README.md",
  ...readdirSync(path.join(ROOT, "docs/decisions"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/decisions/${name}`),
];
const FILES = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT })
  .toString()
  .split("\n")
  .filter(Boolean);
/** Whether git ignores the path: something the tools write (bench results, screenshots), cited as where to find it. */
const ignoredByGit = (cited: string) => {
  try {
    execFileSync("git", ["check-ignore", "-q", "--no-index", cited], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};

describe("the documents' cited paths", () => {
  it("all exist in the repository", () => {
    const missing = DOCUMENTS.flatMap((document) =>
      citedPaths(readFileSync(path.join(ROOT, document), "utf8"))
        .filter((citation) => !pathExists(ROOT, FILES, citation.path, ignoredByGit))
        .map((citation) => `${document}:${citation.line} ${citation.path}`),
    );
    expect(missing).toEqual([]);
  });

  it("are found in backticks and plain text, with placeholders, and not in URLs or import aliases", () => {
    const text = [
      "See `app/lib/guards/` and contract/api/cart.ts, locales/{lng}/*.json and workers/*/http.",
      "Not /tracking/{id}, @contract/api/cart, ~/lib/errors, https://x.dev/app/y or builds/meta.",
    ].join("\n");
    expect(citedPaths(text).map((citation) => citation.path)).toEqual([
      "app/lib/guards/",
      "contract/api/cart.ts",
      "locales/{lng}/*.json",
      "workers/*/http",
    ]);
  });

  it("fail for a file that is not there; pass for a glob, a folder, a module without its extension, a decision by number", () => {
    expect(pathExists(ROOT, FILES, "app/lib/no-such-thing.ts")).toBe(false);
    expect(pathExists(ROOT, FILES, "workers/*/wrangler.jsonc")).toBe(true);
    expect(pathExists(ROOT, FILES, "locales/{lng}/general.json")).toBe(true);
    expect(pathExists(ROOT, FILES, "locales/{lng}/nothing.json")).toBe(false);
    expect(pathExists(ROOT, FILES, "app/lib/guards/")).toBe(true);
    expect(pathExists(ROOT, FILES, "contract/api/cart")).toBe(true);
    expect(pathExists(ROOT, FILES, "docs/decisions/0013")).toBe(true);
    expect(pathExists(ROOT, FILES, "docs/decisions/9999")).toBe(false);
    expect(pathExists(ROOT, FILES, "bench/results/", ignoredByGit)).toBe(true);
    expect(pathExists(ROOT, FILES, "bench/no-such-file.ts", ignoredByGit)).toBe(false);
  });
});

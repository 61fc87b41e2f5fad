import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The repository paths a document cites (docs/decisions/0044): a token, in backticks or plain, that starts with one of
 * the repository's top folders, is not part of a longer path, URL or import alias (`/tracking/...`, `@contract/...`,
 * `~/lib/...`), and may hold placeholders or globs (`locales/{lng}/*.json`, `workers/*\/http`).
 */
export const TOP_FOLDERS = [
  "app",
  "contract",
  "workers",
  "scripts",
  "tests",
  "deploy",
  "bench",
  "migrations",
  "locales",
  "docs",
  "public",
] as const;

const CITED = new RegExp(`(?<![\\w@~./:{}*-])(?:${TOP_FOLDERS.join("|")})/[\\w.{}*\\[\\]/+-]*`, "g");

export type Citation = { line: number; path: string };

export function citedPaths(text: string): Citation[] {
  return text.split("\n").flatMap((content, index) =>
    [...content.matchAll(CITED)].map((match) => ({
      line: index + 1,
      // A sentence's full stop or a trailing dot of an ellipsis is no part of the path.
      path: match[0].replace(/[.]+$/, ""),
    })),
  );
}

/** `{anything}` is one path segment, `*` any part of one, `**` any depth. */
function globToRegExp(glob: string) {
  const source = glob
    .replace(/\/+$/, "")
    .split(/(\*\*|\*|\{[^}]*\})/)
    .map((part) => {
      if (part === "**") return ".*";
      if (part === "*" || part.startsWith("{")) return "[^/]*";
      return part.replace(/[.+^$()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${source}(/.*)?$`);
}

const EXTENSIONS = ["", ".ts", ".tsx", ".md", ".json", ".sql"];

/**
 * Whether a cited path names a file or folder of the repository (`files` are its files, relative to `root`): as
 * written, as a module without its extension, a decision by its number (`docs/decisions/0039`), or a folder the tools
 * write and git ignores (`ignored`, such as `bench/results/`).
 */
export function pathExists(
  root: string,
  files: readonly string[],
  cited: string,
  ignored: (path: string) => boolean = () => false,
): boolean {
  if (/[{*[]/.test(cited)) {
    const pattern = globToRegExp(cited);
    return files.some((file) => pattern.test(file));
  }
  const bare = cited.replace(/\/+$/, "");
  if (EXTENSIONS.some((extension) => existsSync(path.join(root, bare + extension)))) return true;
  if (/^docs\/decisions\/\d{4}$/.test(bare)) return files.some((file) => file.startsWith(`${bare}-`));
  return ignored(cited) || ignored(`${bare}/`);
}

import type { Plugin } from "vite";

/** One rewrite of a dependency's built file: the text expected in it, and the text put in its place. */
export type Rewrite = {
  /** What it does, in a few words: the build's errors name it. */
  name: string;
  file: RegExp;
  expected: string;
  replacement: string;
  /** How many times the file holds the expected text, each rewritten (1 unless said). */
  times?: number;
};

/**
 * A build step that rewrites parts of dependencies' files. A replacement shorter than the text it replaces is padded
 * with empty lines, and one longer is refused, so every line after it stays where it was and the source map stays
 * right (the transform returns map: null: nothing moved).
 *
 * The build fails, naming the rewrite and the file, rather than shipping without a rewrite unnoticed (a new release):
 * when a file holds its expected text other than the number of times said, and when a build of one of `environments`
 * (the Vite environments that load the files: "client", "ssr") ends without any module that a rewrite names, as when
 * the file moved. Each rewrite rewrites one module per build.
 */
export function rewritePlugin(name: string, environments: readonly string[], rewrites: Rewrite[]): Plugin {
  const names = rewrites.map((rewrite) => rewrite.name);
  if (new Set(names).size !== names.length) throw new Error(`${name}: two rewrites share a name (${names.join(", ")})`);
  const padded = rewrites.map((rewrite) => {
    const missing = rewrite.expected.split("\n").length - rewrite.replacement.split("\n").length;
    if (missing < 0) throw new Error(`${name} › ${rewrite.name}: a replacement may not have more lines than its text`);
    return { ...rewrite, replacement: rewrite.replacement + "\n".repeat(missing) };
  });
  // The modules each rewrite rewrote in each environment's build (a build runs its environments one after the other).
  const rewritten = new Map<string, Map<Rewrite["name"], string[]>>();
  const modulesOf = (environment: string) => {
    const modules = rewritten.get(environment) ?? new Map<Rewrite["name"], string[]>();
    rewritten.set(environment, modules);
    return modules;
  };
  let building = false;
  return {
    name,
    applyToEnvironment: (environment) => environments.includes(environment.name),
    configResolved(config) {
      building = config.command === "build";
    },
    buildStart() {
      rewritten.delete(this.environment.name);
    },
    transform(code, id) {
      const matching = padded.filter(({ file }) => file.test(id));
      if (!matching.length) return null;
      const modules = modulesOf(this.environment.name);
      let result = code;
      for (const rewrite of matching) {
        const times = result.split(rewrite.expected).length - 1;
        if (times !== (rewrite.times ?? 1))
          this.error(
            `${name} › ${rewrite.name}: ${id} holds ${JSON.stringify(rewrite.expected.split("\n")[0])} ${times} times, ` +
              `not ${rewrite.times ?? 1}; check the new release (docs/upgrading.md)`,
          );
        // A function, so that no `$` in a replacement is read as a pattern of `replace`.
        result = result.replaceAll(rewrite.expected, () => rewrite.replacement);
        modules.set(rewrite.name, [...(modules.get(rewrite.name) ?? []), id]);
      }
      return { code: result, map: null };
    },
    buildEnd(error) {
      if (error || !building) return;
      const modules = modulesOf(this.environment.name);
      for (const rewrite of padded) {
        const ids = modules.get(rewrite.name) ?? [];
        if (ids.length !== 1)
          this.error(
            `${name} › ${rewrite.name}: the ${this.environment.name} build rewrote ${ids.length} modules matching ` +
              `${rewrite.file} (${ids.join(", ") || "none"}), not 1; check the new release (docs/upgrading.md)`,
          );
      }
    },
  };
}

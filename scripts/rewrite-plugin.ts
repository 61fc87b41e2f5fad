import type { Plugin } from "vite";

/** One rewrite of a dependency's built file: the text expected in it, and the text put in its place. */
export type Rewrite = { file: RegExp; expected: string; replacement: string };

/**
 * A build step that rewrites parts of dependencies' files. A replacement shorter than the text it replaces is padded
 * with empty lines, and one longer is refused, so every line after it stays where it was and the source map stays
 * right (the transform returns map: null: nothing moved). The build fails if a file
 * is no longer written as expected (a new release), rather than shipping without the rewrite unnoticed.
 */
export function rewritePlugin(name: string, rewrites: Rewrite[]): Plugin {
  const padded = rewrites.map(({ file, expected, replacement }) => {
    const missing = expected.split("\n").length - replacement.split("\n").length;
    if (missing < 0) throw new Error(`${name}: a replacement may not have more lines than ${expected.split("\n")[0]}`);
    return { file, expected, replacement: replacement + "\n".repeat(missing) };
  });
  return {
    name,
    transform(code, id) {
      const matching = padded.filter(({ file }) => file.test(id));
      if (!matching.length) return null;
      for (const { expected } of matching)
        if (!code.includes(expected))
          this.error(
            `${name}: ${id} no longer holds ${JSON.stringify(expected.split("\n")[0])}; check the new release`,
          );
      // A function, so that no `$` in a replacement is read as a pattern of `replace`.
      return {
        code: matching.reduce(
          (rewritten, { expected, replacement }) => rewritten.replace(expected, () => replacement),
          code,
        ),
        map: null,
      };
    },
  };
}

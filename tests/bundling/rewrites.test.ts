import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reactDomStringChunks } from "#scripts/react-dom-string-chunks.ts";
import { reactRouterRewrites } from "#scripts/react-router-rewrites.ts";
import { rewritePlugin } from "#scripts/rewrite-plugin.ts";
import { transform } from "./transform.ts";

// The build's rewrites of React and React Router (vite.config.ts, docs/decisions/0029), against the installed packages.
const require = createRequire(import.meta.url);
const ROUTER = path.dirname(require.resolve("react-router/package.json"));
const REACT_DOM = path.dirname(require.resolve("react-dom/package.json"));
const FILES = [
  `${ROUTER}/dist/production/lib/router/matcher.js`,
  `${ROUTER}/dist/production/lib/dom/ssr/server.js`,
  `${ROUTER}/dist/production/lib/dom/server.js`,
  `${ROUTER}/dist/production/lib/server-runtime/entry.js`,
  `${ROUTER}/dist/production/vendor/turbo-stream-v2/flatten.js`,
  `${REACT_DOM}/cjs/react-dom-server.edge.production.js`,
];

describe("the build's rewrites of dependencies", () => {
  const plugins = [reactRouterRewrites(), reactDomStringChunks()];

  it("rewrites each file it names in the installed packages, line for line, so source maps stay right", () => {
    for (const file of FILES) {
      const code = readFileSync(file, "utf8");
      const rewritten = plugins.map((plugin) => transform(plugin, code, file)).find((result) => result !== null);
      expect(rewritten, file).toBeDefined();
      expect(rewritten!.code, file).not.toBe(code);
      expect(rewritten!.code.split("\n").length, file).toBe(code.split("\n").length);
    }
  });

  it("leaves other files alone", () => {
    expect(transform(reactRouterRewrites(), "export const x = 1;", "/app/root.tsx")).toBeNull();
  });

  it("fails the build when a file no longer holds the text it replaces (a new release)", () => {
    const file = FILES[1]!;
    expect(() => transform(reactRouterRewrites(), "function ServerRouter() {}", file)).toThrow(
      /no longer holds "function ServerRouter/,
    );
  });

  it("puts a replacement in as written, `$` and all", () => {
    const plugin = rewritePlugin("test", [{ file: /x\.js$/, expected: "price()", replacement: "price() + '$&$1'" }]);
    expect(transform(plugin, "return price();", "/x.js")?.code).toBe("return price() + '$&$1';");
  });

  it("pads a shorter replacement with empty lines and refuses a longer one, so no line after it moves", () => {
    const plugin = rewritePlugin("test", [{ file: /x\.js$/, expected: "a\nb\nc", replacement: "abc" }]);
    expect(transform(plugin, "a\nb\nc\nd", "/x.js")?.code).toBe("abc\n\n\nd");
    expect(() => rewritePlugin("test", [{ file: /x\.js$/, expected: "a b", replacement: "a\nb" }])).toThrow(
      /more lines/,
    );
  });
});

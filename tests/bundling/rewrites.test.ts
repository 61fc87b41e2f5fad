import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reactDomStringChunks } from "#scripts/react-dom-string-chunks.ts";
import { dependencyRewriteAliases, dependencyRewritePlugins, rewritesSwitch } from "#scripts/dependency-rewrites.ts";
import { reactRouterRewrites } from "#scripts/react-router-rewrites.ts";
import { type Rewrite, rewritePlugin } from "#scripts/rewrite-plugin.ts";
import { build, transform } from "./transform.ts";

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
      expect(rewritten?.code, file).not.toBe(code);
      expect(rewritten?.code.split("\n").length, file).toBe(code.split("\n").length);
    }
  });

  it("rewrites, in each build of the installed packages, one module per rewrite: every rewrite finds its file", () => {
    const installed = Object.fromEntries(FILES.map((file) => [file, readFileSync(file, "utf8")]));
    for (const environment of ["client", "ssr"])
      for (const plugin of [reactRouterRewrites(), reactDomStringChunks()])
        if ((plugin.applyToEnvironment as (environment: { name: string }) => boolean)({ name: environment }))
          expect(() => build(plugin, installed, { environment }), `${plugin.name} (${environment})`).not.toThrow();
  });

  it("leaves other files alone", () => {
    expect(transform(reactRouterRewrites(), "export const x = 1;", "/app/root.tsx")).toBeNull();
  });

  it("fails the build, naming the rewrite and the file, when a file no longer holds the text it replaces", () => {
    const file = `${ROUTER}/dist/production/lib/dom/ssr/server.js`;
    expect(() => transform(reactRouterRewrites(), "function ServerRouter() {}", file)).toThrow(
      `react-router-rewrites › server routes once per manifest: ${file} holds "function ServerRouter({ context, url, nonce }) {" 0 times, not 1`,
    );
  });

  it("fails the build when a file holds the text more or fewer times than said", () => {
    const once = rewritePlugin(
      "test",
      ["ssr"],
      [{ name: "price", file: /x\.js$/, expected: "price()", replacement: "p()" }],
    );
    expect(() => transform(once, "price(); price();", "/x.js")).toThrow(
      'test › price: /x.js holds "price()" 2 times, not 1',
    );
    const twice = rewritePlugin("test", ["ssr"], [{ ...PRICE, times: 2 }]);
    expect(transform(twice, "price(); price();", "/x.js")?.code).toBe("p(); p();");
    expect(() => transform(twice, "price();", "/x.js")).toThrow('holds "price()" 1 times, not 2');
  });

  it("fails a build of its environments that rewrote no module a rewrite names (the file moved), or two", () => {
    const plugin = rewritePlugin("test", ["client", "ssr"], [PRICE, { ...PRICE, name: "total", file: /y\.js$/ }]);
    expect(() => build(plugin, { "/x.js": "price();" }, { environment: "client" })).toThrow(
      "test › total: the client build rewrote 0 modules matching /y\\.js$/ (none), not 1",
    );
    expect(() => build(plugin, { "/a/x.js": "price();", "/b/x.js": "price();", "/y.js": "price();" })).toThrow(
      "test › price: the ssr build rewrote 2 modules matching /x\\.js$/ (/a/x.js, /b/x.js), not 1",
    );
    // Each environment's build counts its own modules.
    for (const environment of ["client", "ssr"])
      expect(() => build(plugin, { "/x.js": "price();", "/y.js": "price();" }, { environment })).not.toThrow();
    // The dev server transforms only what a page asks for: it never ends a build.
    expect(() => build(plugin, { "/x.js": "price();" }, { command: "serve" })).not.toThrow();
  });

  it("names each rewrite once", () => {
    expect(() => rewritePlugin("test", ["ssr"], [PRICE, PRICE])).toThrow(
      "test: two rewrites share a name (price, price)",
    );
  });

  it("applies only to the environments it names", () => {
    const plugin = rewritePlugin("test", ["ssr"], [PRICE]);
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(["client", "ssr", "product_api"].filter((name) => applies({ name }))).toEqual(["ssr"]);
    expect(
      [reactRouterRewrites(), reactDomStringChunks()].map((rewrites) =>
        ["client", "ssr", "api_proxy"].filter((name) => (rewrites.applyToEnvironment as typeof applies)({ name })),
      ),
    ).toEqual([["client", "ssr"], ["ssr"]]);
  });

  it("puts a replacement in as written, `$` and all", () => {
    const plugin = rewritePlugin("test", ["ssr"], [{ ...PRICE, replacement: "price() + '$&$1'" }]);
    expect(transform(plugin, "return price();", "/x.js")?.code).toBe("return price() + '$&$1';");
  });

  it("pads a shorter replacement with empty lines and refuses a longer one, so no line after it moves", () => {
    const plugin = rewritePlugin("test", ["ssr"], [{ ...PRICE, expected: "a\nb\nc", replacement: "abc" }]);
    expect(transform(plugin, "a\nb\nc\nd", "/x.js")?.code).toBe("abc\n\n\nd");
    expect(() => rewritePlugin("test", ["ssr"], [{ ...PRICE, expected: "a b", replacement: "a\nb" }])).toThrow(
      "test › price: a replacement may not have more lines than its text",
    );
  });
});

describe("the switch of every rewrite (BUILD_REWRITES)", () => {
  it("is on unless set to off, and stops the build on any other value", () => {
    expect([undefined, "", "on"].map(rewritesSwitch)).toEqual([true, true, true]);
    expect(rewritesSwitch("off")).toBe(false);
    expect(() => rewritesSwitch("no")).toThrow('BUILD_REWRITES is "on" or "off", not "no"');
  });

  it("off, builds React and React Router as published: no rewrite, no alias of react-dom/server", () => {
    expect(dependencyRewritePlugins(false)).toEqual([]);
    expect(dependencyRewriteAliases("build", false)).toEqual([]);
    expect(dependencyRewritePlugins(true).map(({ name }) => name)).toEqual([
      "react-dom-string-chunks",
      "react-router-rewrites",
    ]);
    expect(dependencyRewriteAliases("build", true).map(({ replacement }) => replacement)).toEqual([
      `${REACT_DOM}/cjs/react-dom-server.edge.production.js`,
    ]);
    // The dev server keeps React's development renderer, with its warnings.
    expect(dependencyRewriteAliases("serve", true)).toEqual([]);
  });
});

const PRICE: Rewrite = { name: "price", file: /x\.js$/, expected: "price()", replacement: "p()" };

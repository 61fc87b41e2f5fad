import { fileURLToPath } from "node:url";
import type { Alias, Plugin } from "vite";
import { reactDomStringChunks } from "./react-dom-string-chunks.ts";
import { reactRouterRewrites } from "./react-router-rewrites.ts";

/**
 * BUILD_REWRITES: "on" (or unset) builds with every rewrite of React and React Router below; "off" builds them as
 * published, to prove the store behaves the same without them (CI runs the tests both ways) and to try a new release
 * before its rewrites are fixed (docs/upgrading.md, docs/decisions/0042). Any other value stops the build.
 */
export function rewritesSwitch(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "on") return true;
  if (value === "off") return false;
  throw new Error(`BUILD_REWRITES is "on" or "off", not ${JSON.stringify(value)}`);
}

/** The build's rewrites of React and React Router, all or none (with the alias below). */
export const dependencyRewritePlugins = (on: boolean): Plugin[] =>
  on ? [reactDomStringChunks(), reactRouterRewrites()] : [];

/**
 * react-dom/server's workerd entry also loads the legacy renderToString build (CommonJS, so never tree-shaken): 250 KB
 * of the server bundle nobody calls. The build takes the streaming renderer alone, the file reactDomStringChunks
 * rewrites; dev keeps its warnings.
 */
export function dependencyRewriteAliases(command: "build" | "serve", on: boolean): Alias[] {
  if (!on || command !== "build") return [];
  return [
    {
      find: /^react-dom\/server$/,
      replacement: fileURLToPath(
        new URL("../node_modules/react-dom/cjs/react-dom-server.edge.production.js", import.meta.url),
      ),
    },
  ];
}

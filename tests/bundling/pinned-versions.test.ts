import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The build rewrites React's and React Router's files as a given release writes them (scripts/*-rewrites.ts,
// *-chunks.ts): package.json names that release exactly, so that only a change of package.json moves them
// (docs/upgrading.md, docs/decisions/0042).
const REWRITTEN = /^(react|react-dom|react-router|@react-router\/.+)$/;
const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const manifest = JSON.parse(readFileSync("package.json", "utf8")) as Manifest;
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { version?: string }>;
};

const pinned = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([name]) =>
  REWRITTEN.test(name),
);

describe("the versions of React and React Router", () => {
  it("are exact in package.json, for each of react, react-dom, react-router and @react-router/*", () => {
    expect(pinned.map(([name]) => name)).toEqual(expect.arrayContaining(["react", "react-dom", "react-router"]));
    expect(pinned.filter(([, version]) => !EXACT.test(version))).toEqual([]);
  });

  it("are the lock's, one copy of each in the tree", () => {
    for (const [name, version] of pinned) expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
    const copies = Object.keys(lock.packages).filter((path) =>
      REWRITTEN.test(path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length)),
    );
    expect(copies.filter((path) => path.indexOf("node_modules/") !== path.lastIndexOf("node_modules/"))).toEqual([]);
  });
});

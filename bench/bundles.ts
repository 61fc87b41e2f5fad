// Bundle sizes of a production build (gzip level 9, KB = 1024 bytes): the client JS each route loads, read from the
// React Router manifest and the chunks' static imports, the design creator's two loads, and the server bundle.
// `node bench/bundles.ts` prints them alone for the build already in build/ (after `npm run build`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { fmt, rel, section, table } from "./print.ts";
import { FLOORS, KB, ROOT } from "./settings.ts";

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).byteLength;
    gzipCache.set(file, size);
  }
  return size;
}

type ManifestRoute = {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
  hasClientLoader?: boolean;
  hasClientAction?: boolean;
};
type RouterManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/** The React Router browser manifest, `window.__reactRouterManifest={...};` in build/client/assets/manifest-*.js. */
function readRouterManifest(clientDir: string): { file: string; manifest: RouterManifest } {
  const assets = path.join(clientDir, "assets");
  const files = readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (files.length !== 1) throw new Error(`expected one manifest-*.js in ${rel(assets)}, found ${files.length}`);
  const file = path.join(assets, files[0]);
  const source = readFileSync(file, "utf8").trim();
  const json = source.slice(source.indexOf("=") + 1).replace(/;$/, "");
  return { file, manifest: JSON.parse(json) as RouterManifest };
}

/** Static imports of a built chunk (`import … from"./x.js"`, `export … from"./x.js"`, `import"./x.js"`), as URLs. */
function staticImports(clientDir: string, url: string): string[] {
  const source = readFileSync(path.join(clientDir, url), "utf8");
  const found: string[] = [];
  for (const m of source.matchAll(
    /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+?\.js)["'`]/g,
  )) {
    found.push(path.posix.join(path.posix.dirname(url), m[1]));
  }
  return found;
}

/** The listed files plus everything they import statically (lazy `import()` excluded). */
function closure(clientDir: string, urls: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...urls];
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    if (seen.has(url)) continue;
    seen.add(url);
    queue.push(...staticImports(clientDir, url));
  }
  return seen;
}

export type RouteRow = { ids: string[]; routeKb: number; pageKb: number; files: number; resource: boolean };

/** The chunks a file loads later with `import()` (vite writes them as import(`./name.js`)). */
function lazyImports(clientDir: string, url: string): string[] {
  const source = readFileSync(path.join(clientDir, url), "utf8");
  return [...source.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+?\.js)["'`]\s*\)/g)].map((m) =>
    path.posix.join(path.posix.dirname(url), m[1]),
  );
}

/**
 * One route's JS in two parts (gzip): its first load beyond what every page shares (entry.client and root), and what
 * it loads later with `import()` (the design creator's editor, after the page has painted), minus what it had already.
 */
function routeInTwoLoads(clientDir: string, routeId: string) {
  const { manifest } = readRouterManifest(clientDir);
  const route = manifest.routes[routeId];
  const root = manifest.routes.root;
  if (!route || !root) throw new Error(`no route ${routeId} in the React Router manifest`);
  const own = (r: ManifestRoute) => [r.module, ...(r.imports ?? [])];
  const shared = closure(clientDir, [manifest.entry.module, ...manifest.entry.imports, ...own(root)]);
  const first = closure(clientDir, [...shared, ...own(route)]);
  const later = closure(
    clientDir,
    [...first].flatMap((url) => lazyImports(clientDir, url)),
  );
  const kbOf = (urls: Iterable<string>) =>
    [...urls].reduce((bytes, url) => bytes + gzipBytes(path.join(clientDir, url)), 0) / KB;
  return {
    firstLoadKb: kbOf([...first].filter((url) => !shared.has(url))),
    lazyKb: kbOf([...later].filter((url) => !first.has(url))),
  };
}

function clientJsPerRoute(clientDir: string) {
  const viteManifest = path.join(clientDir, ".vite", "manifest.json");
  const { file, manifest } = readRouterManifest(clientDir);
  const routes = manifest.routes;
  const root = routes.root;
  if (!root) throw new Error(`no root route in ${rel(file)}`);
  const own = (r: ManifestRoute) => [r.module, ...(r.imports ?? [])];
  const base = [manifest.entry.module, ...manifest.entry.imports, ...own(root)];
  let missedByManifest = 0;
  const kb = (urls: string[]) => {
    const listed = new Set(urls);
    const all = closure(clientDir, listed);
    missedByManifest = Math.max(missedByManifest, all.size - listed.size);
    let bytes = 0;
    for (const url of all) bytes += gzipBytes(path.join(clientDir, url));
    return { kb: bytes / KB, files: all.size };
  };

  const groups = new Map<string, RouteRow>();
  for (const route of Object.values(routes)) {
    const ancestors: ManifestRoute[] = [];
    for (let p = route.parentId; p && p !== "root"; p = routes[p]?.parentId) ancestors.push(routes[p]);
    const routeOnly = kb(route.id === "root" ? base : [...base, ...own(route)]);
    const page = kb([...base, ...ancestors.flatMap(own), ...(route.id === "root" ? [] : own(route))]);
    const key = `${route.module}|${ancestors.map((a) => a.id).join(">")}`;
    const row = groups.get(key);
    if (row) row.ids.push(route.id);
    else {
      const resource =
        route.id !== "root" && !route.hasDefaultExport && !route.hasClientLoader && !route.hasClientAction;
      groups.set(key, { ids: [route.id], routeKb: routeOnly.kb, pageKb: page.kb, files: page.files, resource });
    }
  }
  return {
    manifestFile: file,
    viteManifest: existsSync(viteManifest) ? viteManifest : null,
    rows: [...groups.values()],
    missedByManifest,
  };
}

export function label(ids: string[]): string {
  // "x, x.lang, y, y.lang" -> "x, y (+.lang)"; "home, home.pl, home.es" -> "home, home.{pl,es}".
  const bases = ids.filter((id) => !id.endsWith(".lang"));
  if (bases.length > 1 && ids.length === 2 * bases.length && bases.every((id) => ids.includes(`${id}.lang`))) {
    return `${bases.join(", ")} (+.lang)`;
  }
  const [first, ...rest] = ids;
  if (rest.length === 0) return first;
  const prefix = `${first}.`;
  if (rest.every((id) => id.startsWith(prefix))) {
    const suffixes = rest.map((id) => id.slice(prefix.length));
    return suffixes.length === 1 ? `${first}, ${rest[0]}` : `${first}, ${first}.{${suffixes.join(",")}}`;
  }
  return ids.join(", ");
}

function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsFiles(full));
    else if (entry.isFile() && /\.(m?js)$/.test(entry.name)) out.push(full);
  }
  return out;
}

function bundleSize(dir: string) {
  const files = jsFiles(dir);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    raw += statSync(f).size;
    gz += gzipBytes(f);
  }
  return { files: files.length, rawKb: raw / KB, gzipKb: gz / KB };
}

// Other work on the machine (a test run, a browser) skews the numbers, so each target reports the share of the
// machine's CPU used by processes other than its server and wrk: for 1 s while the server sits idle, and during
// the measured run. Linux /proc only; elsewhere NaN.

/** Prints the client JS per route and the server bundle sections; notes in `warnings` what the manifest missed. */
export function reportBundles(warnings: string[]) {
  section("Client JS per route (gzip, KB = 1024 bytes)");
  const clientDir = path.join(ROOT, "build", "client");
  const client = clientJsPerRoute(clientDir);
  console.log(
    `  from ${rel(client.manifestFile)}${client.viteManifest ? "" : " (no build/client/.vite/manifest.json)"}`,
  );
  console.log("  route: entry.client + its imports + root + the route module and its imports, each file counted once");
  console.log(
    "  with layouts: the same plus every parent layout route, i.e. what a full page load fetches (CSS excluded)",
  );
  table(
    ["route id", "route KB", "with layouts KB", "files"],
    client.rows.map((r) => [
      label(r.ids) + (r.resource ? "  (resource route)" : ""),
      fmt(r.routeKb, 1),
      fmt(r.pageKb, 1),
      String(r.files),
    ]),
    [false, true, true, true],
  );
  if (client.missedByManifest > 0) {
    warnings.push(
      `the React Router manifest misses up to ${client.missedByManifest} statically imported chunk(s) of a route; they were added to the sums`,
    );
  }
  const uiRows = client.rows.filter((r) => !r.resource);
  const maxRoute = uiRows.reduce((a, b) => (b.routeKb > a.routeKb ? b : a));
  const maxPage = uiRows.reduce((a, b) => (b.pageKb > a.pageKb ? b : a));
  console.log(
    `  largest: ${label(maxRoute.ids)} ${fmt(maxRoute.routeKb, 1)} KB (route), ${label(maxPage.ids)} ${fmt(maxPage.pageKb, 1)} KB (with layouts)`,
  );
  const creator = routeInTwoLoads(clientDir, "create");
  console.log(
    `  the design creator (route create): ${fmt(creator.firstLoadKb, 1)} KB on its first load beyond the shared entry and root, then ${fmt(creator.lazyKb, 1)} KB for the editor (canvas) it loads after painting`,
  );
  const bareClientDir = path.join(FLOORS, "bare-react-router", "build", "client");
  const bareMax = existsSync(bareClientDir)
    ? Math.max(...clientJsPerRoute(bareClientDir).rows.map((r) => r.pageKb))
    : Number.NaN;
  console.log(
    `  for reference, the bare-react-router floor (React + React Router only): ${fmt(bareMax, 1)} KB for its home route`,
  );

  section("Server bundle (gzip)");
  const server = bundleSize(path.join(ROOT, "build", "server"));
  console.log(
    `  build/server: ${server.files} .js files, ${fmt(server.rawKb, 1)} KB raw, ${fmt(server.gzipKb, 1)} KB gzip`,
  );
  const dist = path.join(ROOT, "dist");
  for (const worker of existsSync(dist) ? readdirSync(dist).sort() : []) {
    const dir = path.join(dist, worker);
    if (!statSync(dir).isDirectory()) continue;
    const s = bundleSize(dir);
    console.log(
      `  dist/${worker} (auxiliary worker, not in the budget): ${fmt(s.rawKb, 1)} KB raw, ${fmt(s.gzipKb, 1)} KB gzip`,
    );
  }
  return { client, uiRows, maxRoute, creator, bareMax, server };
}

export type Bundles = ReturnType<typeof reportBundles>;

if (import.meta.main) {
  const warnings: string[] = [];
  reportBundles(warnings);
  for (const w of warnings) console.log(`  warning: ${w}`);
}

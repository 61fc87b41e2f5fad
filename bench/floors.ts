// The floors the app's pages are measured against, each served the same way as the app (workerd behind `vite preview`):
//   static-worker      a worker that returns one fixed page as large as the app's home page
//   static-routed      the same worker with static assets: locally each of its requests passes Miniflare's asset router
//                      first, as the app's pages do
//   bare-react-router  React Router framework mode on the Cloudflare Vite plugin, one index route, no data
import path from "node:path";
import { loadTest, type Measured } from "./load.ts";
import { runOrThrow, type Server, startPreview } from "./processes.ts";
import { FLOORS, HOST, PORTS, RESULTS } from "./settings.ts";

export const FLOOR_DIRS = {
  static: path.join(FLOORS, "static-worker"),
  routed: path.join(FLOORS, "static-routed"),
  bare: path.join(FLOORS, "bare-react-router"),
};
export type FloorKind = "static" | "bare" | "routed";
/** A floor served beside the app: checked once, then load-tested between the pages it is the floor of. */
export type Floor = { kind: FloorKind; name: string; server: Server; url: string; pageBytes: number };
export type FloorRun = Measured & { measuredAgain: number };
/** A floor's runs just before and just after one of the app's pages. */
export type FloorPair = { before: FloorRun; after: FloorRun };
/** A figure of a floor's runs on either side of a page: the mean of the two. */
export const floorMean = (floor: FloorPair, pick: (run: FloorRun) => number) =>
  (pick(floor.before) + pick(floor.after)) / 2;
/** The req/s a page is compared with: the mean of its floor's runs on either side of it. */
export const floorRps = (floor: FloorPair) => floorMean(floor, (run) => run.load.rps);

/** Serves one floor and checks its home page. */
async function startFloor(kind: FloorKind, name: string, cwd: string, port: number): Promise<Floor> {
  const server = await startPreview(name, cwd, port);
  const url = `http://${HOST}:${port}/`;
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const pageBytes = (await response.arrayBuffer()).byteLength;
  const contentType = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !contentType.startsWith("text/html")) {
    throw new Error(`${name}: GET ${url} gave ${response.status} ${contentType}`);
  }
  console.log(
    `  ${name}: GET / -> 200, ${pageBytes} bytes of ${contentType}${response.headers.has("set-cookie") ? ", sets a cookie" : ""}`,
  );
  return { kind, name, server, url, pageBytes };
}

/** Load-tests a floor next to one of the app's pages (see PageRun.floor). */
export function floorRun(floor: Floor, label: string) {
  return loadTest(`${floor.name}-${label}`, floor.url, floor.server.child.pid);
}

/**
 * Builds and serves the three floors, the static ones sized to the app's home page (anonymous, as the cached runs fetch
 * it); a static floor whose page is not that size is noted in `warnings`.
 */
export async function startFloors(homeBytes: number, warnings: string[]): Promise<Record<FloorKind, Floor>> {
  const sizedFloor = async (kind: "static" | "routed", name: string) => {
    await runOrThrow(`${name} floor build`, "npx", ["vite", "build"], {
      cwd: FLOOR_DIRS[kind],
      env: { ...process.env, BENCH_PAGE_BYTES: String(homeBytes) },
      log: path.join(RESULTS, `build-${name}.log`),
    });
    const floor = await startFloor(kind, name, FLOOR_DIRS[kind], PORTS[kind]);
    if (floor.pageBytes !== homeBytes)
      warnings.push(`${name} floor page is ${floor.pageBytes} bytes, the app's home ${homeBytes}`);
    return floor;
  };
  const floorStatic = await sizedFloor("static", "static-worker");
  const floorRouted = await sizedFloor("routed", "static-routed");
  return {
    static: floorStatic,
    bare: await startFloor("bare", "bare-react-router", FLOOR_DIRS.bare, PORTS.bare),
    routed: floorRouted,
  };
}

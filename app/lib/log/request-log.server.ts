import type { ServerBuild } from "react-router";
import { Logger, type LogVars } from "@contract/observability/log";
import { requestIdFrom } from "@contract/observability/request-id";

type RouteEntry = { id: string; parentId?: string; path?: string };

/**
 * Route ids by the pattern React Router hands every middleware (`pattern`: the paths of the matched routes joined, as
 * its getRoutePattern does), made once from the build, so the root middleware names the route with one lookup: React
 * Router gives a middleware no matches. A pattern several routes share (pathless layouts and the index route below
 * them) names the deepest, the one a request ends on.
 */
export function routeIdsByPattern(routes: ServerBuild["routes"]): ReadonlyMap<string, string> {
  const byId = routes as Record<string, RouteEntry | undefined>;
  const deepest = new Map<string, { id: string; depth: number }>();
  for (const route of Object.values(byId)) {
    if (!route) continue;
    const paths: string[] = [];
    let depth = 0;
    for (let at: RouteEntry | undefined = route; at; at = at.parentId ? byId[at.parentId] : undefined, depth++)
      if (at.path) paths.unshift(at.path);
    const pattern = paths.join("/").replace(/[\\/]{2,}/g, "/") || "/";
    if ((deepest.get(pattern)?.depth ?? -1) < depth) deepest.set(pattern, { id: route.id, depth });
  }
  return new Map([...deepest].map(([pattern, { id }]) => [pattern, id]));
}

/**
 * A page-cache hit's line is written for one hit in this many, per isolate (the first, then every tenth), and says so
 * in `sampled`: hits are the store's most frequent and most alike requests, and each line's console call cost more
 * than the rest of the hit (docs/decisions/0051). Every other request keeps its line.
 */
export const HIT_LINES_ONE_IN = 10;

/** True for the first call and then every `n`th: which of an isolate's page-cache hits write their line. */
function oneIn(n: number): () => boolean {
  let calls = 0;
  return () => calls++ % n === 0;
}

/** What the page cache keeps of a page for its line: the brand and the route it was rendered for. */
export type LoggedPage = { brand: string | null; route: string | null };

/**
 * The storefront's lines for one request, and what its one request line says beside the status: the brand (set when
 * the request context is built), the route (set by the root middleware), whether the page came from the page cache,
 * and the deployed version.
 */
export class RequestLog extends Logger implements LoggedPage {
  brand: string | null = null;
  route: string | null = null;
  cache: "HIT" | "MISS" | null = null;

  constructor(
    vars: LogVars,
    requestId: string,
    private readonly routeIds: ReadonlyMap<string, string>,
    private readonly version: string | null,
    private readonly writesHitLine: () => boolean,
  ) {
    super("storefront", vars, requestId);
  }

  /** React Router matched `pattern` (the root middleware's argument); an unknown one is kept as it is. */
  matched(pattern: string) {
    this.route = this.routeIds.get(pattern) ?? pattern;
  }

  /** A page served from the page cache: it carries what its render knew. */
  servedFromCache(page: LoggedPage) {
    this.brand = page.brand;
    this.route = page.route;
    this.cache = "HIT";
  }

  /** The request's one line; a page-cache hit's for one hit in HIT_LINES_ONE_IN. */
  answered(request: Request, status: number) {
    const hit = this.cache === "HIT";
    if (hit && !this.writesHitLine()) return;
    this.request(request, status, {
      brand: this.brand,
      route: this.route,
      cache: this.cache,
      version: this.version,
      sampled: hit ? HIT_LINES_ONE_IN : undefined,
    });
  }
}

/**
 * The storefront's loggers, made once per isolate: its ENVIRONMENT and LOG_LEVEL vars, the build's routes, and the
 * version id from the version-metadata binding when it has one.
 */
export function storefrontLogs(routes: ServerBuild["routes"], vars: LogVars, version: string | undefined) {
  const routeIds = routeIdsByPattern(routes);
  const writesHitLine = oneIn(HIT_LINES_ONE_IN);
  return {
    /**
     * A request's: its id is Cloudflare's cf-ray (the one the dashboard shows beside the request), else a new one;
     * never an id the browser sent, as anyone may call the storefront.
     */
    request: (request: Request) =>
      new RequestLog(vars, requestIdFrom(request.headers.get("cf-ray")), routeIds, version ?? null, writesHitLine),
    /** A queue batch's or a scheduled run's, under an id of its own. */
    invocation: () => new Logger("storefront", vars, requestIdFrom(null)),
  };
}

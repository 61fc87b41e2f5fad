import { createContext, type MiddlewareFunction, type RouterContextProvider, type ServerBuild } from "react-router";
import { routeIdsByPattern } from "~/lib/log/request-log.server";
import { requestMemory } from "./request-memory";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * A page's read that a middleware makes on a GET, before the loaders, so that what it brings serves the request's other
 * needs too (the account check, the header's cart count) without calls of their own (docs/decisions/0030). The page's
 * loader takes the same answer, or reads afresh when no middleware read (after an action).
 */
export function readFirst<T>(read: (args: Args) => Promise<T>) {
  const made = requestMemory<Promise<T>>();
  return {
    /** Reads now, and keeps the answer for the page's loader. */
    start(args: Args): Promise<T> {
      const reading = read(args);
      made.set(args.context, reading);
      return reading;
    },
    /** Whether this request has started the read already. */
    started(args: Args): boolean {
      return made.has(args.context);
    },
    /** The answer read on this request, else a fresh read. */
    answer(args: Args): Promise<T> {
      return made.get(args.context) ?? read(args);
    },
  };
}

export type ReadFirst<T> = ReturnType<typeof readFirst<T>>;

/** What marks a route's middleware as its page's early read. */
const EARLY_READ = Symbol("early read");
type EarlyReadMiddleware = MiddlewareFunction<Response> & { [EARLY_READ]: ReadFirst<unknown> };

/**
 * A page's early read, declared by its route: `export const middleware = [startsEarly(read)]`. A layout's middleware
 * that can use the answer for its own needs starts it (the accounts layout's account check: `declaredEarlyRead`);
 * otherwise this middleware starts it on a GET, before the loaders. The page's loader takes it with `read.answer`.
 */
export function startsEarly<T>(read: ReadFirst<T>): MiddlewareFunction<Response> {
  const middleware: MiddlewareFunction<Response> = (args, next) => {
    // A failed read is the loader's to answer, when it takes the answer.
    if (args.request.method === "GET" && !read.started(args)) read.start(args).catch(() => undefined);
    return next();
  };
  return Object.assign(middleware, { [EARLY_READ]: read as ReadFirst<unknown> });
}

/** A route module's shape, as far as the early reads go. */
type RouteModule = { middleware?: readonly unknown[] };

/**
 * The early read each route declares (its `startsEarly` middleware), by the pattern React Router hands every
 * middleware (React Router gives a middleware no matches): made once per isolate from the build (workers/app.ts).
 */
export function earlyReadsByPattern(routes: ServerBuild["routes"]): ReadonlyMap<string, ReadFirst<unknown>> {
  const reads = new Map<string, ReadFirst<unknown>>();
  for (const [pattern, id] of routeIdsByPattern(routes)) {
    const middleware = (routes[id]?.module as RouteModule | undefined)?.middleware ?? [];
    const declared = middleware.find(
      (entry): entry is EarlyReadMiddleware => typeof entry === "function" && EARLY_READ in entry,
    );
    if (declared) reads.set(pattern, declared[EARLY_READ]);
  }
  return reads;
}

/** The routes' early reads (earlyReadsByPattern), set for every request by createRequestContext. */
export const earlyReadsContext = createContext<ReadonlyMap<string, ReadFirst<unknown>> | null>(null);

/** The early read the request's page declares, if any (for a layout's middleware: `pattern` is its argument). */
export function declaredEarlyRead(args: Args & { pattern: string }): ReadFirst<unknown> | undefined {
  return args.context.get(earlyReadsContext)?.get(args.pattern);
}

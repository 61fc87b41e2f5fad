import { Logger, type LogVars } from "./log";
import { REQUEST_ID_HEADER, requestIdFrom } from "./request-id";

/** What request logging needs of a Hono context, named here so that contract/ imports no Hono. */
type LoggedContext = {
  readonly req: { readonly raw: Request };
  readonly env: LogVars | undefined;
  readonly res: Response;
  header(name: string, value: string): void;
  set(key: "log", value: Logger): void;
};

/**
 * An internal worker's first middleware: the request's id (its caller's when well-formed, else a new one) on a Logger
 * the handlers read as `c.get("log")`; after the handler (an error included, as `onError` answered it), the id in the
 * answer's x-request-id and the request's one line.
 */
export function requestLogging(worker: string) {
  return async (c: LoggedContext, next: () => Promise<void>): Promise<void> => {
    const log = new Logger(worker, c.env, requestIdFrom(c.req.raw.headers.get(REQUEST_ID_HEADER)));
    c.set("log", log);
    await next();
    c.header(REQUEST_ID_HEADER, log.requestId);
    log.request(c.req.raw, c.res.status);
  };
}

export const LOG_LEVELS = ["DEBUG", "INFO", "WARN", "ERROR"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Scalar = string | number | boolean | null | undefined;
/** A line's own facts beside its message: small values only, so a line costs one small JSON.stringify. */
type LogFields = { readonly [name: string]: Scalar } & {
  readonly [name in "level" | "message" | "worker" | "environment" | "requestId"]?: never;
};

/** A request's line is ERROR when the worker failed (5xx), WARN when the caller did (4xx), INFO otherwise. */
function levelOf(status: number): LogLevel {
  return status >= 500 ? "ERROR" : status >= 400 ? "WARN" : "INFO";
}

const MAX_PATH = 1024;

/** A URL's (or a path's) path without its query or fragment, which can hold e-mails and tokens; no URL parse. */
export function pathOf(url: string): string {
  const scheme = url[0] === "/" ? -1 : url.indexOf("://");
  let from = scheme === -1 ? 0 : scheme + 3;
  if (scheme !== -1) while (from < url.length && url[from] !== "/" && url[from] !== "?" && url[from] !== "#") from++;
  let to = from;
  while (to < url.length && url[to] !== "?" && url[to] !== "#") to++;
  return url.slice(from, Math.min(to, from + MAX_PATH)) || "/";
}

/** What a thrown value says: an error's name, message and stack (for the log only, never for an answer). */
function errorOf(thrown: unknown): { name: string; message: string; stack?: string } {
  if (thrown instanceof Error) return { name: thrown.name, message: thrown.message, stack: thrown.stack };
  let message: string;
  try {
    message = typeof thrown === "string" ? thrown : (JSON.stringify(thrown) ?? String(thrown));
  } catch {
    message = String(thrown);
  }
  const kind = (thrown as { constructor?: { name?: string } } | null | undefined)?.constructor?.name;
  return { name: typeof kind === "string" && kind ? kind : typeof thrown, message: message.slice(0, 2000) };
}

/**
 * A worker's vars the logs read: ENVIRONMENT ("staging" or "production" where deployed, unset locally: "local") and
 * LOG_LEVEL, the least level written (unset: every line; the tests quiet the internal workers with it).
 */
export type LogVars = { readonly ENVIRONMENT?: string; readonly LOG_LEVEL?: string };

/**
 * One worker's lines for one request (or one scheduled run, one queue batch): each a JSON object on one line, which
 * Workers Logs indexes field by field: `{ level, message, worker, environment, requestId, ...fields }`, through
 * console.error for ERROR and console.log otherwise.
 */
export class Logger {
  readonly environment: string;
  readonly startedAt = Date.now();
  readonly #least: number;

  constructor(
    readonly worker: string,
    vars: LogVars | undefined,
    readonly requestId: string,
  ) {
    this.environment = vars?.ENVIRONMENT || "local";
    this.#least = LOG_LEVELS.indexOf(vars?.LOG_LEVEL as LogLevel);
  }

  /**
   * A line at `level`; with `thrown`, the error's name, message and stack go with it (into the log, never an answer).
   */
  line(level: LogLevel, message: string, fields?: LogFields, thrown?: unknown): void {
    this.#write(level, message, thrown === undefined ? fields : { ...fields, error: errorOf(thrown) });
  }

  /** Something that should not have happened: at ERROR, with the error. */
  failure(message: string, thrown: unknown, fields?: LogFields): void {
    this.line("ERROR", message, fields, thrown);
  }

  /** The request's one line once it is answered: `HTTP {status} {method} {path}`, and each as a field. */
  request(request: { readonly method: string; readonly url: string }, status: number, fields?: LogFields): void {
    const path = pathOf(request.url);
    this.#write(levelOf(status), `HTTP ${status} ${request.method} ${path}`, {
      method: request.method,
      path,
      status,
      durationMs: Date.now() - this.startedAt,
      ...fields,
    });
  }

  #write(level: LogLevel, message: string, fields: object | undefined) {
    if (LOG_LEVELS.indexOf(level) < this.#least) return;
    const line = JSON.stringify({
      level,
      message,
      worker: this.worker,
      environment: this.environment,
      requestId: this.requestId,
      ...fields,
    });
    if (level === "ERROR") console.error(line);
    else console.log(line);
  }
}

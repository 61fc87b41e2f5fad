import { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "../api/field-errors";

/**
 * Every worker's one error body (docs/decisions/0041): `{ error: { code, message, ...details }, fieldErrors? }`, with
 * any data the caller should still get beside `error`. The code says what happened; a worker adds codes of its own
 * (uploads' `corrupt`, `quotaReached`), named the same way. The product API's codes are the spec's numbers
 * (contract/api/errors.ts), because the storefront speaks that API to a company backend too.
 */
const HTTP_ERROR_CODES = [
  /** The body cannot be read as what it says it is (broken JSON, a broken form). */
  "badBody",
  /** A field, parameter or header the worker refuses; `fieldErrors` names each field. */
  "badField",
  "unauthorized",
  "forbidden",
  "notFound",
  "methodNotAllowed",
  "conflict",
  "tooLarge",
  "unsupportedMediaType",
  "internal",
  /** A service behind the worker did not answer, or refused (Stripe). */
  "upstreamFailed",
  /** The worker is down for now: try later (503). */
  "unavailable",
] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/** A named code (lowerCamel, as the translations' keys are), or one of the product API's numbers. */
const errorCodeSchema = z.union([z.string().regex(/^[a-z][A-Za-z]*$/), z.number().int()]);
type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * The one error body, for a worker's codes: the error's details (a limit, the missing parts) sit beside its message.
 */
export function errorBodySchemaOf<
  Code extends z.ZodType<ErrorCode>,
  Details extends z.ZodRawShape = Record<never, never>,
>(code: Code, details: Details = {} as Details) {
  return z.object({
    error: z.object({ code, message: z.string() }).extend(details),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  });
}

/** Any worker's error body: what every refusal of every worker parses with. */
export const errorBodySchema = z.object({
  error: z.looseObject({ code: errorCodeSchema, message: z.string() }),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
type ErrorBody = z.infer<typeof errorBodySchema>;

type Extra = { details?: Record<string, unknown>; fieldErrors?: FieldErrors; data?: Record<string, unknown> };

/** The body of an error: its code and message, its details, its field errors, and data the caller should still get. */
export function errorBody(code: ErrorCode, message: string, { details, fieldErrors, data }: Extra = {}): ErrorBody {
  return { ...data, error: { code, message, ...details }, ...(fieldErrors ? { fieldErrors } : {}) };
}

/** An error as a JSON answer, for an edge that is no Hono app (the storefront's resource routes). */
export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  extra: Extra & { headers?: HeadersInit } = {},
) {
  return Response.json(errorBody(code, message, extra), { status, headers: extra.headers });
}

/**
 * The one reading of zod's issues at an edge: one line naming each field and its problem (for people and logs), and
 * each field's first message (`fieldErrors`, the contract's translation keys). `part` names a problem of the whole.
 */
export function issuesOf(
  error: Pick<z.ZodError, "issues">,
  part = "body",
): { message: string; fieldErrors: FieldErrors } {
  return {
    message: error.issues.map((issue) => `${issue.path.join(".") || part}: ${issue.message}`).join("; "),
    fieldErrors: fieldErrorsOf(error),
  };
}

/**
 * A wrong method: 405 with `Allow` and the one body; the message may be the page's language. `code` is the product
 * API's number there (its spec has no name for it).
 */
export function methodNotAllowed(
  method: string,
  allow: readonly string[],
  {
    code = "methodNotAllowed",
    message = `Method ${method} not allowed: use ${allow.join(", ")}`,
    headers,
  }: { code?: ErrorCode; message?: string; headers?: HeadersInit } = {},
) {
  const answer = errorResponse(405, code, message, { headers });
  answer.headers.set("Allow", allow.join(", "));
  return answer;
}

/** A route as a router lists it (Hono's `app.routes`): `ALL` for middleware and catch-alls. */
type ListedRoute = { readonly method: string; readonly path: string };

const patterns = new WeakMap<readonly ListedRoute[], { method: string; pattern: RegExp }[]>();

/** A Hono path as a pattern: `:name{regex}`, `:name`, `:name?` and `*`. */
function patternOf(path: string) {
  const source = path
    .split("/")
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      const param = /^:[A-Za-z_]\w*(\{(.+)\})?(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return `${param[3] ? "(?:" : ""}/(?:${param[2] ?? "[^/]+"})${param[3] ? ")?" : ""}`;
    })
    .slice(1)
    .join("");
  return new RegExp(`^${source || "/"}/?$`);
}

/**
 * For a request a router found no answer to: the methods it does answer at that path (GET brings HEAD), for the 405.
 * Empty when the path is unknown, or when the request's method is routed there and its handler found nothing (404).
 */
export function allowedMethods(routes: readonly ListedRoute[], method: string, path: string): string[] {
  let compiled = patterns.get(routes);
  if (!compiled) {
    compiled = routes
      .filter((route) => route.method !== "ALL")
      .map((route) => ({ method: route.method, pattern: patternOf(route.path) }));
    patterns.set(routes, compiled);
  }
  const methods = new Set(compiled.filter((route) => route.pattern.test(path)).map((route) => route.method));
  if (methods.has("GET")) methods.add("HEAD");
  return methods.has(method) ? [] : [...methods];
}

import { data } from "react-router";
import { ProductApiError } from "~/lib/product-api/product-api-error";
import { pageUrl } from "~/lib/request/routing/page-url";
import type { RootData } from "~/lib/request/rendering/shell-data.server";

/**
 * What an error page is told: the spec's message, the path, whether it is the fatal 404, and any data behind it.
 * A refusal from a middleware carries the page's `shell` too: no loader runs after a middleware throws, so the
 * error screen takes the brand, locale and header from it (components/use-root-data.ts).
 */
export type ErrorData = { message: string; path?: string; fatal?: boolean; data?: unknown; shell?: RootData };

/** Invalid route parameter or a locale the route does not allow: the spec's fatal 404. */
export function pageNotFound(request: Request, shell?: RootData) {
  return data<ErrorData>(
    { message: "Page Not Found", path: pageUrl(request).pathname, fatal: true, shell },
    { status: 404 },
  );
}

/** No route matches the path. */
export function noRouteMatches(request: Request, shell?: RootData) {
  const path = pageUrl(request).pathname;
  return data<ErrorData>({ message: `Page not found: ${path}`, path, shell }, { status: 404 });
}

/**
 * The one mapper from a failure to the route's answer: a product-API failure nobody expected is the spec's 500
 * 'API Request failed {url}' with the API's error as data; anything else is left as it was thrown.
 */
export function routeAnswerFor(thrown: unknown): unknown {
  if (thrown instanceof ProductApiError)
    return data<ErrorData>({ message: thrown.message, data: thrown.body }, { status: 500 });
  return thrown;
}

/** A failure in words, for the log: an error's name and message, or a route answer's message. */
export function describeFailure(thrown: unknown): string {
  if (thrown instanceof Error) return `${thrown.name}: ${thrown.message}`;
  const message = (thrown as { data?: { message?: unknown } } | null)?.data?.message;
  return typeof message === "string" ? message : JSON.stringify(thrown);
}

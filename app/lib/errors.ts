import { data } from "react-router";
import { ProductApiError } from "~/lib/product-api/product-api-error";
import { pageUrl } from "~/lib/request/routing/page-url";

/**
 * What an error page is told: the spec's message, the path, whether it is the fatal 404, and any data behind it.
 * A refusal from a middleware carries the page's `shell` too: no loader runs after a middleware throws, so the
 * error screen takes the brand, locale and header from it (components/use-root-data.ts). The shell is the root's data
 * (RootData, request/rendering/shell-data.server.ts), named by the one who sends or reads it: the shell's data reaches
 * the cart and the product API, which throw these errors, so this module does not import its type.
 */
export type ErrorData<Shell = unknown> = {
  message: string;
  path?: string;
  fatal?: boolean;
  data?: unknown;
  shell?: Shell;
};

/** Invalid route parameter or a locale the route does not allow: the spec's fatal 404. */
export function pageNotFound<Shell>(request: Request, shell?: Shell) {
  return data<ErrorData<Shell>>(
    { message: "Page Not Found", path: pageUrl(request).pathname, fatal: true, shell },
    { status: 404 },
  );
}

/** No route matches the path. */
export function noRouteMatches<Shell>(request: Request, shell?: Shell) {
  const path = pageUrl(request).pathname;
  return data<ErrorData<Shell>>({ message: `Page not found: ${path}`, path, shell }, { status: 404 });
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

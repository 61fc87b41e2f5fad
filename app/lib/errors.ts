import { data } from "react-router";
import { pageUrl } from "./page-url";

export type ErrorData = { message: string; path?: string; fatal?: boolean; data?: unknown };

/** Invalid route parameter or a locale the route does not allow: the spec's fatal 404. */
export function pageNotFound(request: Request) {
  return data<ErrorData>({ message: "Page Not Found", path: pageUrl(request).pathname, fatal: true }, { status: 404 });
}

/** No route matches the path. */
export function noRouteMatches(request: Request) {
  const path = pageUrl(request).pathname;
  return data<ErrorData>({ message: `Page not found: ${path}`, path }, { status: 404 });
}

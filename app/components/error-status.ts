import { isRouteErrorResponse } from "react-router";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The spec's page titles: '404 Not Found' for a missing page, '500 Error' for everything else. */
export function errorTitle(error: unknown) {
  return errorStatus(error) === 404 ? "404 Not Found" : "500 Error";
}

import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";
import type { ErrorData } from "~/lib/errors";
import type { RootData } from "~/lib/request/rendering/shell-data.server";

/**
 * The root loader's data (brand, locale, cart count...). When a middleware refused the request no loader ran, and
 * the refusal carries the same data (app/lib/errors.ts), so the error screen keeps the brand's look and header.
 */
export function useRootData(): RootData | undefined {
  const loaded = useRouteLoaderData<RootData>("root");
  const error = useRouteError();
  return loaded ?? (isRouteErrorResponse(error) ? (error.data as ErrorData<RootData> | null)?.shell : undefined);
}

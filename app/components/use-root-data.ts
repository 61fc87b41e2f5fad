import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/lib/request/shell.server";

/** The root loader's data (brand, locale, cart count...): undefined only when a middleware refused the request. */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

import type { RouterContextProvider } from "react-router";
import { i18nContext } from "~/lib/request/context/keys";

/** Translates a key with the request's translations (for titles and messages built in loaders). */
export function translate(
  context: Readonly<RouterContextProvider>,
  key: string,
  values?: Record<string, unknown>,
): string {
  return context.get(i18nContext).t(key, values);
}

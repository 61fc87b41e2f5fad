import type { RouterContextProvider } from "react-router";
import { getI18n } from "./i18next.server";

/** Translates a key with the request's i18next instance (for titles and messages built in loaders). */
export function translate(context: Readonly<RouterContextProvider>, key: string, values?: Record<string, unknown>): string {
  return getI18n(context).t(key, values) as string;
}

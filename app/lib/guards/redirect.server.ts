import { redirect, type RouterContextProvider } from "react-router";
import { brandContext, localeContext } from "~/lib/request/context/keys";
import { localizePath } from "@contract/locales/paths";

export type GuardArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** A redirect to a path of this site, in the visitor's locale. */
export function localRedirect(context: Readonly<RouterContextProvider>, path: string, init?: number | ResponseInit) {
  return redirect(localizePath(path, context.get(localeContext), context.get(brandContext)), init);
}

/** Keeps a return path only when it stays on this site: no scheme, no host, no `//` or `/\` tricks. */
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  try {
    const url = new URL(value, "https://storefront.internal");
    if (url.origin !== "https://storefront.internal") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

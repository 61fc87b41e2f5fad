import { pageUrl } from "~/lib/request/routing/page-url";

/**
 * Where to go after signing in or out: a path of this brand's own origin (absolute URLs of the same origin are
 * accepted and made relative). Any other target is refused (null): no open redirect. Without one, the home page.
 */
export function callbackPath(request: Request, value: string | undefined): string | null {
  if (!value) return "/";
  const origin = pageUrl(request).origin;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

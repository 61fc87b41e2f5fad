import { RELOAD_GUARD_MS } from "./timing";

/**
 * The spec's page reload guard (SPEC 9): every reload the store makes by itself goes through `reloadPage`, and a tab
 * never reloads itself twice within 10 seconds. A page that reloads on what it reads (a consent text newer than the
 * page, a new build) could otherwise loop on a stale copy from a cache. A refused reload is simply not made: the
 * caller carries on with the page it has (docs/decisions/0037).
 */
const LAST_RELOAD_KEY = "page-reload-at";

export function canReload(now: number, lastReloadAt: number | null) {
  return lastReloadAt === null || now - lastReloadAt >= RELOAD_GUARD_MS;
}

/** When this tab last reloaded itself: kept for the tab (sessionStorage), so it survives the reload it guards. */
function lastReload(): number | null {
  try {
    return Number(window.sessionStorage.getItem(LAST_RELOAD_KEY)) || null;
  } catch {
    // No storage (blocked): this page's own load counts when it was a reload.
    const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return entry?.type === "reload" ? performance.timeOrigin : null;
  }
}

/** Reloads the page, or opens `url` in its place, unless this tab did so within the guard; says whether it did. */
export function reloadPage(url?: string): boolean {
  const now = Date.now();
  if (!canReload(now, lastReload())) return false;
  try {
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    // Without storage the navigation timing above stands in.
  }
  if (url === undefined) window.location.reload();
  else window.location.assign(url);
  return true;
}

/** Reloads the page once nobody is looking at it (a tag withdrawn elsewhere stops with it), as the guard allows. */
export function reloadWhenHidden() {
  if (document.visibilityState === "hidden" && reloadPage()) return;
  const onChange = () => {
    if (document.visibilityState === "hidden" && reloadPage())
      document.removeEventListener("visibilitychange", onChange);
  };
  document.addEventListener("visibilitychange", onChange);
}

import type { Interaction } from "./messages";
import type { PageEvent } from "./page-event";

/**
 * Browser side of /api/event/page (docs/decisions/0026), loaded by report-event.ts once the visitor allows analytics.
 * The server refuses crawlers and keeps nothing without analytics consent.
 */
export type PageSeen = { url: string; path: string; title: string };

let lastPageView: Promise<unknown> = Promise.resolve();

function send(category: PageEvent["category"], name: PageEvent["name"], id: string, page: PageSeen, referrer: string) {
  const event = {
    id,
    category,
    name,
    page: { ...page, referrer },
    platform:
      (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
      navigator.platform ??
      "",
    mobile: matchMedia("(pointer: coarse)").matches,
  } as PageEvent;
  return fetch("/api/event/page", {
    method: "POST",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(event),
  }).catch(() => undefined);
}

/** A page view, as the page was when it was shown. */
export function sendPageView(page: PageSeen, referrer: string) {
  lastPageView = send("page", "view", crypto.randomUUID(), page, referrer);
}

/** An interaction, after this page's view is on its way, so that it joins the visit the view starts. */
export function sendInteraction(name: Interaction, id: string) {
  void lastPageView.then(() =>
    send(
      "ecommerce",
      name,
      id,
      { url: location.href, path: location.pathname, title: document.title },
      document.referrer,
    ),
  );
}

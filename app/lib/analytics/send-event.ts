import type { Interaction } from "./messages";
import type { PageEvent } from "./page-event";

/** Browser side of /api/event/page (docs/decisions/0026). The server refuses crawlers and keeps nothing without analytics consent. */
let allowed = false;
let lastPageView: Promise<unknown> = Promise.resolve();

function send(category: PageEvent["category"], name: PageEvent["name"], id: string, referrer: string) {
  const event = {
    id, category, name,
    page: { url: location.href, path: location.pathname, title: document.title, referrer },
    platform: (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? "",
    mobile: matchMedia("(pointer: coarse)").matches,
  } as PageEvent;
  return fetch("/api/event/page", { method: "POST", keepalive: true, headers: { "content-type": "application/json" }, body: JSON.stringify(event) }).catch(() => undefined);
}

/** A page view, when the visitor allows analytics (the root's consent); it also tells the interactions whether they may go. */
export function reportPageView(analyticsAllowed: boolean, referrer: string) {
  allowed = analyticsAllowed;
  if (allowed) lastPageView = send("page", "view", crypto.randomUUID(), referrer);
}

/**
 * An interaction, after this page's view is on its way (the page's effects run before the root's), so that it joins
 * the visit the view starts. `id`: the same for the same fact (an order's purchase), so a reload is counted once.
 */
export function reportInteraction(name: Interaction, id: string = crypto.randomUUID()) {
  setTimeout(() => {
    if (allowed) void lastPageView.then(() => send("ecommerce", name, id, document.referrer));
  }, 0);
}

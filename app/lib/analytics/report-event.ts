import type { Interaction } from "./messages";

/**
 * The pages' door to page events (docs/decisions/0026). The sender (send-event.ts) is fetched after the page, and only
 * once the visitor allows analytics: without consent nothing is downloaded or sent.
 */
let allowed = false;
let sender: Promise<typeof import("./send-event")> | null = null;
const load = () => (sender ??= import("./send-event"));

/**
 * A page view, when the visitor allows analytics (the root's consent); it also tells the interactions whether they may
 * go.
 */
export function reportPageView(analyticsAllowed: boolean, referrer: string) {
  allowed = analyticsAllowed;
  if (!allowed) return;
  const page = { url: location.href, path: location.pathname, title: document.title };
  void load().then(({ sendPageView }) => sendPageView(page, referrer));
}

/**
 * An interaction, once the page's view is reported (the page's effects run before the root's, hence the next turn).
 * `id`: the same for the same fact (an order's purchase), so a reload is counted once.
 */
export function reportInteraction(name: Interaction, id: string = crypto.randomUUID()) {
  setTimeout(() => {
    if (allowed) void load().then(({ sendInteraction }) => sendInteraction(name, id));
  }, 0);
}

import type { PageEventMessage } from "~/lib/analytics/messages";
import { testEnv } from "./app";

export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** The consent cookie a visitor's answer to the banner leaves (analytics only unless told). */
export { consentCookie } from "./marketing";

/** A page event as the browser sends it. */
export function pageEvent({
  url = "http://wpx-es.localhost/offers",
  referrer = "",
  category = "page",
  name = "view",
  id = crypto.randomUUID() as string,
} = {}) {
  return {
    id,
    category,
    name,
    page: { url, path: new URL(url).pathname, title: "Ofertas | WPX España", referrer },
    platform: "Linux",
    mobile: false,
  };
}

/** A page view's queue message as the endpoint makes it. */
export function pageMessage(overrides: Partial<PageEventMessage> = {}): PageEventMessage {
  return {
    kind: "page",
    eventId: crypto.randomUUID(),
    category: "page",
    name: "view",
    url: "http://wpx-pl.localhost/p",
    path: "/p",
    title: "Strona",
    referrer: "",
    userAgent: BROWSER,
    ip: "203.0.113.0",
    platform: "Linux",
    mobile: false,
    session: null,
    brand: "WPX-PL",
    createdAt: new Date().toISOString(),
    visitId: crypto.randomUUID(),
    landing: true,
    channel: "direct",
    source: "(direct)",
    medium: "(none)",
    campaign: null,
    ...overrides,
  };
}

/** The first row of a query, waiting for the queue's consumer (up to `waitMs`); null when none came. */
export async function waitForRow<T = Record<string, unknown>>(
  sql: string,
  params: unknown[],
  waitMs = 8000,
): Promise<T | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const row = await testEnv.ANALYTICS_DB.prepare(sql)
      .bind(...params)
      .first<T>();
    if (row || Date.now() > until) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function storedEvent(id: string, waitMs?: number) {
  return waitForRow("SELECT * FROM page_events WHERE event_id = ?", [id], waitMs);
}

/** The value of a Set-Cookie of the response, by name ("" when it removes the cookie); null when it sets none. */
export function setCookie(response: Response, name: string): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return header ? header.slice(name.length + 1).split(";")[0]! : null;
}

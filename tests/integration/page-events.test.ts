import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONSENT_VERSION } from "@contract/marketing/consent";
import { consumePageEvents, type PageEventMessage } from "~/lib/analytics/page-events.server";
import { postJson, sessionCookie, testEnv } from "../setup/app";

/** The visitor's consent cookie allowing analytics (the source of truth: docs/decisions/0024). */
const ANALYTICS_CONSENT = `consent=${CONSENT_VERSION}.a0.n1.1764100000`;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

function pageEvent(id = crypto.randomUUID()) {
  return {
    id,
    category: "page",
    name: "view",
    page: { url: "http://wpx-es.localhost/offers", path: "/offers", title: "Ofertas | WPX España", referrer: "" },
    platform: "Linux",
    mobile: false,
  };
}

async function storedEvent(id: string, waitMs = 5000) {
  const until = Date.now() + waitMs;
  for (;;) {
    const row = await testEnv.ANALYTICS_DB.prepare("SELECT * FROM page_events WHERE event_id = ?").bind(id).first();
    if (row || Date.now() > until) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("POST /api/event/page", () => {
  it("queues a consenting visitor's page view, which lands in D1 with the request's facts", async () => {
    const { cookie, id: session } = await sessionCookie({ isConsentGiven: true, isAnalyticsAccepted: true });
    const event = pageEvent();
    const response = await postJson("/api/event/page", event, { cookie: `${cookie}; ${ANALYTICS_CONSENT}`, headers: { "user-agent": BROWSER, "cf-connecting-ip": "203.0.113.7" } });
    expect(response.status).toBe(202);
    const row = await storedEvent(event.id);
    expect(row).toMatchObject({ path: "/offers", title: "Ofertas | WPX España", user_agent: BROWSER, ip: "203.0.113.7", session, brand: "WPX-ES", mobile: 0 });
  });

  it("records nothing without analytics consent", async () => {
    const rejected = pageEvent();
    expect((await postJson("/api/event/page", rejected, { cookie: `consent=${CONSENT_VERSION}.a1.n0.1764100000`, headers: { "user-agent": BROWSER } })).status).toBe(204);
    expect(await storedEvent(rejected.id, 1500)).toBeNull();

    const event = pageEvent();
    const response = await postJson("/api/event/page", event, { headers: { "user-agent": BROWSER } });
    expect(response.status).toBe(204);
    expect(await storedEvent(event.id, 1500)).toBeNull();
  });

  it.each(["Googlebot/2.1 (+http://www.google.com/bot.html)", "kube-probe/1.29", "Pingdom.com_bot_version_1.4"])(
    "records nothing for %s",
    async (userAgent) => {
      const event = pageEvent();
      expect((await postJson("/api/event/page", event, { cookie: ANALYTICS_CONSENT, headers: { "user-agent": userAgent } })).status).toBe(204);
      expect(await storedEvent(event.id, 1500)).toBeNull();
    },
  );

  it("refuses a malformed event", async () => {
    const { cookie } = await sessionCookie({ isConsentGiven: true });
    const bad = { ...pageEvent(), id: "not-a-uuid" };
    expect((await postJson("/api/event/page", bad, { cookie })).status).toBe(400);
  });
});

describe("the page events queue consumer", () => {
  it("writes a large batch in statements of at most 100 parameters, once per event id", async () => {
    const messages = Array.from({ length: 23 }, (_, index): PageEventMessage => ({
      eventId: crypto.randomUUID(), category: "page", name: "view", url: `http://wpx-pl.localhost/p/${index}`, path: `/p/${index}`,
      title: "Strona", referrer: "", userAgent: BROWSER, ip: null, platform: "Linux", mobile: index % 2 === 0, session: null,
      brand: "WPX-PL", createdAt: new Date().toISOString(),
    }));
    // The queue delivers at least once: the first three arrive twice.
    const delivered = [...messages, ...messages.slice(0, 3)].map((body, index) => ({ id: `m${index}`, timestamp: Date.now(), attempts: 1, body }));
    const batch = createMessageBatch<PageEventMessage>("storefront-page-events", delivered);
    const ctx = createExecutionContext();
    await consumePageEvents(batch, testEnv);
    const result = await getQueueResult(batch, ctx);
    expect(result.ackAll).toBe(true);
    const ids = messages.map((message) => message.eventId);
    const count = await testEnv.ANALYTICS_DB.prepare(`SELECT COUNT(*) AS n FROM page_events WHERE event_id IN (${ids.map(() => "?").join(",")})`)
      .bind(...ids)
      .first<{ n: number }>();
    expect(count?.n).toBe(23);
  });
});

describe("other kinds on the queue", () => {
  it("acknowledges a consent answer without writing it as a page view (the analytics consumer's to store)", async () => {
    const answer = { kind: "consent", eventId: crypto.randomUUID(), brand: "WPX-PL", ads: true, analytics: true, version: CONSENT_VERSION, createdAt: new Date().toISOString() };
    const batch = createMessageBatch<PageEventMessage>("storefront-page-events", [{ id: "c1", timestamp: Date.now(), attempts: 1, body: answer as unknown as PageEventMessage }]);
    const ctx = createExecutionContext();
    await consumePageEvents(batch, testEnv);
    expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);
    expect(await storedEvent(answer.eventId, 0)).toBeNull();
  });
});

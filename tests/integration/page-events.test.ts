import { describe, expect, it } from "vitest";
import { eventIdFor } from "~/lib/analytics/event-id.server";
import { HEALTH_CHECK_AGENTS } from "~/lib/analytics/robots.server";
import { BROWSER, consentCookie, pageEvent, setCookie, storedEvent } from "../setup/analytics";
import { postJson, sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { browserCookies } from "../setup/marketing";
import { ordersOfCart, shopperWithCheckout } from "../setup/orders";
import { submitPaymentStep } from "../setup/place-order";

type Row = Record<string, unknown>;

/** Posts an event as the visitor's browser does, with its cookies. */
function send(event: unknown, { cookie = consentCookie(), userAgent = BROWSER, ip = "198.51.100.77" } = {}) {
  return postJson("/api/event/page", event, { cookie, headers: { "user-agent": userAgent, "cf-connecting-ip": ip } });
}

/** Once an event sent now is stored, the queue has handed over what was sent before it (it keeps their order). */
async function queueFlushed() {
  const sentinel = pageEvent();
  expect((await send(sentinel)).status).toBe(202);
  expect(await storedEvent(sentinel.id)).not.toBeNull();
}

/** A refusal checked without waiting for something that should never come. */
async function expectNoneStored(ids: string[]) {
  await queueFlushed();
  const placeholders = ids.map(() => "?").join(", ");
  const stored = await testEnv.ANALYTICS_DB.prepare(
    `SELECT event_id FROM page_events WHERE event_id IN (${placeholders})`,
  )
    .bind(...ids)
    .all();
  expect(stored.results).toEqual([]);
}

describe("POST /api/event/page: consent and robots", () => {
  it("queues the page view of a visitor whose consent cookie allows analytics, with the request's facts", async () => {
    const event = pageEvent();
    const response = await send(event);
    expect(response.status).toBe(202);
    const row = await storedEvent(event.id);
    expect(row).toMatchObject({
      category: "page",
      name: "view",
      path: "/offers",
      title: "Ofertas | WPX España",
      user_agent: BROWSER,
      brand: "WPX-ES",
      mobile: 0,
    });
  });

  it("keeps nothing without analytics consent in the cookie, whatever the session says, and ends a visit", async () => {
    const { cookie: session } = await sessionCookie({ isConsentGiven: true, isAnalyticsAccepted: true });
    const refused = [
      { event: pageEvent(), cookie: session },
      { event: pageEvent(), cookie: `${session}; ${consentCookie({ analytics: false, ads: true })}` },
      { event: pageEvent(), cookie: "consent=2020-01.a1.n1.1700000000" },
      { event: pageEvent(), cookie: "consent=garbage" },
    ];
    for (const { event, cookie } of refused) expect((await send(event, { cookie })).status).toBe(204);
    const withVisit = await send(pageEvent(), {
      cookie: `visit=${encodeURIComponent(`v=${crypto.randomUUID()}&c=direct`)}`,
    });
    expect(withVisit.status).toBe(204);
    expect(setCookie(withVisit, "visit")).toBe("");
    await expectNoneStored(refused.map(({ event }) => event.id));
  });

  const robots = [
    "Googlebot/2.1 (+http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
    "Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/103.0.0.0 Safari/537.36 StatusCake",
    "Better Uptime Bot Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Site24x7",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Checkly/1.0 (https://www.checklyhq.com)",
    "kube-probe/1.29",
    "ELB-HealthChecker/2.0",
    "GoogleHC/1.0",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 DatadogSynthetics",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 (compatible; NewRelicSynthetics/1.0)",
    "Amazon-Route53-Health-Check-Service (ref 1234; report http://amzn.to/1vsZADi)",
    "",
  ];
  it(`keeps nothing from crawlers, uptime checkers and probes (${robots.length} agents)`, async () => {
    const ids: string[] = [];
    for (const userAgent of robots) {
      const event = pageEvent();
      ids.push(event.id);
      expect((await send(event, { userAgent })).status, userAgent).toBe(204);
    }
    await expectNoneStored(ids);
  });

  it("names every health-check agent it refuses by a real agent string", () => {
    for (const agent of [
      "UptimeRobot",
      "Pingdom",
      "StatusCake",
      "Better Uptime",
      "Site24x7",
      "Checkly",
      "kube-probe",
      "ELB-HealthChecker",
      "GoogleHC",
      "Datadog",
      "NewRelicSynthetics",
    ]) {
      expect(HEALTH_CHECK_AGENTS).toContain(agent);
      expect(
        robots.some((userAgent) => userAgent.includes(agent)),
        agent,
      ).toBe(true);
    }
  });
});

describe("POST /api/event/page: privacy", () => {
  it.each([
    ["198.51.100.77", "198.51.100.0"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"],
    ["::ffff:203.0.113.9", "203.0.113.0"],
  ])("stores the client address %s truncated to %s", async (ip, truncated) => {
    const event = pageEvent();
    expect((await send(event, { ip })).status).toBe(202);
    expect((await storedEvent(event.id))?.ip).toBe(truncated);
  });

  it("keeps the page URL without marketing's parameters and the referrer without its query", async () => {
    const event = pageEvent({
      url: "http://wpx-es.localhost/offers?page=2&gclid=Cj0abc&utm_source=google",
      referrer: "https://www.google.es/search?q=fotos+ana",
    });
    await send(event);
    expect(await storedEvent(event.id)).toMatchObject({
      url: "http://wpx-es.localhost/offers?page=2",
      referrer: "https://www.google.es/search",
    });
  });
});

describe("POST /api/event/page: visits", () => {
  it("starts a visit on a campaign's landing, and every later page view of the visit carries its channel", async () => {
    const landing = pageEvent({
      url: "http://wpx-es.localhost/offers?utm_source=google&utm_medium=cpc&utm_campaign=verano",
    });
    const first = await send(landing);
    const visitCookie = setCookie(first, "visit");
    expect(visitCookie).toBeTruthy();
    expect(first.headers.getSetCookie().find((cookie) => cookie.startsWith("visit="))).toMatch(/Max-Age=1800/);
    const next = pageEvent({
      url: "http://wpx-es.localhost/regalos-con-foto",
      referrer: "http://wpx-es.localhost/offers",
    });
    const second = await send(next, { cookie: `${consentCookie()}; visit=${visitCookie}` });
    expect(second.status).toBe(202);
    expect(setCookie(second, "visit")).toBe(visitCookie);

    const [a, b] = [(await storedEvent(landing.id)) as Row, (await storedEvent(next.id)) as Row];
    expect(a).toMatchObject({
      landing: 1,
      channel: "paid_search",
      source: "google",
      medium: "cpc",
      campaign: "verano",
    });
    expect(b).toMatchObject({
      landing: 0,
      channel: "paid_search",
      source: "google",
      medium: "cpc",
      campaign: "verano",
      visit_id: a.visit_id,
    });
  });

  it.each([
    [
      { url: "http://wpx-es.localhost/?utm_source=newsletter&utm_medium=email" },
      { channel: "email", source: "newsletter", medium: "email" },
    ],
    [
      { url: "http://wpx-es.localhost/", referrer: "https://www.google.es/" },
      { channel: "organic", source: "www.google.es", medium: "organic" },
    ],
    [{ url: "http://wpx-es.localhost/?fbclid=IwAR123" }, { channel: "paid_social" }],
    [{ url: "http://wpx-es.localhost/?afcust=1001" }, { channel: "affiliate" }],
    [
      { url: "http://wpx-es.localhost/", referrer: "http://wpx-es.localhost/cart" },
      { channel: "direct", source: "(direct)" },
    ],
  ])("a landing on %j is a visit of %j", async (page, expected) => {
    const event = pageEvent(page);
    await send(event);
    expect(await storedEvent(event.id)).toMatchObject({ landing: 1, ...expected });
  });

  it("starts the visit of the landing the edge recorded when the page's address no longer carries its parameters", async () => {
    // The campaign link sets its cookies at the edge; the page then drops the parameters from its address (or reloads
    // after the banner's answer), so the first page view it reports names a plain URL and an external referrer.
    const landing = await visit("/offers?utm_source=google&utm_medium=cpc&utm_campaign=invierno&gclid=Cj0KCQ", {
      cookie: consentCookie(),
      headers: { referer: "https://www.google.es/" },
    });
    const event = pageEvent({ url: "http://wpx-es.localhost/offers", referrer: "https://www.google.es/" });
    await send(event, { cookie: `${consentCookie()}; ${browserCookies(landing)}` });
    expect(await storedEvent(event.id)).toMatchObject({
      landing: 1,
      channel: "paid_search",
      source: "google",
      medium: "cpc",
      campaign: "invierno",
    });

    // Without such a recent landing, the same page view is what its referrer says.
    const plain = pageEvent({ url: "http://wpx-es.localhost/offers", referrer: "https://www.google.es/" });
    await send(plain);
    expect(await storedEvent(plain.id)).toMatchObject({ landing: 1, channel: "organic" });
  });

  it("starts a new visit when the visit cookie was tampered with", async () => {
    const event = pageEvent();
    const response = await send(event, {
      cookie: `${consentCookie()}; visit=${encodeURIComponent("v=not-an-id&c=email")}`,
    });
    expect(setCookie(response, "visit")).toMatch(/^v=[0-9a-f-]{36}&c=direct&s=%28direct%29/);
    expect(await storedEvent(event.id)).toMatchObject({ landing: 1, channel: "direct" });
  });
});

describe("POST /api/event/page: interactions", () => {
  it("stores add_to_cart, begin_checkout and purchase in the visit they happen in, never as a landing", async () => {
    const first = await send(pageEvent({ url: "http://wpx-es.localhost/fotolibro?utm_source=news&utm_medium=email" }));
    const cookie = `${consentCookie()}; visit=${setCookie(first, "visit")}`;
    for (const name of ["add_to_cart", "begin_checkout", "purchase"]) {
      const event = pageEvent({ category: "ecommerce", name });
      expect((await send(event, { cookie })).status).toBe(202);
      expect(await storedEvent(event.id)).toMatchObject({
        category: "ecommerce",
        name,
        landing: 0,
        channel: "email",
        campaign: null,
      });
    }
  });

  it("stores an interaction outside a visit without starting one", async () => {
    const event = pageEvent({ category: "ecommerce", name: "add_to_cart" });
    const response = await send(event);
    expect(setCookie(response, "visit")).toBeNull();
    expect(await storedEvent(event.id)).toMatchObject({ landing: 0, visit_id: null, channel: "direct" });
  });
});

describe("interactions counted once per fact", () => {
  it("gives the checkout's step 1 one begin_checkout id per cart and order completed one purchase id per order, the same on reload, and keeps one", async () => {
    const shopper = await shopperWithCheckout();
    const checkoutId = await eventIdFor("begin_checkout", shopper.cartId);
    for (let shown = 0; shown < 2; shown++)
      expect(await (await visit("/checkout?step=1", { cookie: shopper.cookie })).text()).toContain(checkoutId);
    const cookie = sessionCookieFrom(await submitPaymentStep(shopper.cookie)) ?? shopper.cookie;
    const [order] = await ordersOfCart(shopper.cartId);
    const purchaseId = await eventIdFor("purchase", order!.publicId);
    for (let shown = 0; shown < 2; shown++)
      expect(await (await visit(`/order-completed?order=${order!.publicId}`, { cookie })).text()).toContain(purchaseId);

    // The browser sends the purchase on each showing: the second is the same event.
    const purchase = pageEvent({
      category: "ecommerce",
      name: "purchase",
      id: purchaseId,
      url: "http://wpx-es.localhost/order-completed",
    });
    expect((await send(purchase)).status).toBe(202);
    expect((await send(purchase)).status).toBe(202);
    await queueFlushed();
    const stored = await testEnv.ANALYTICS_DB.prepare("SELECT COUNT(*) AS n FROM page_events WHERE event_id = ?")
      .bind(purchaseId)
      .first<{ n: number }>();
    expect(stored?.n).toBe(1);
  });
});

describe("POST /api/event/page: hostile input is refused with a clear message, never a 5xx", () => {
  const valid = pageEvent();
  const raw = (body: string, contentType = "application/json") =>
    visit("/api/event/page", {
      method: "POST",
      body,
      cookie: consentCookie(),
      headers: { "content-type": contentType, "user-agent": BROWSER },
    });

  it.each([
    [
      "a body that is no JSON",
      () => raw("id=1&category=page", "application/x-www-form-urlencoded"),
      415,
      /Content-Type: application\/json/,
    ],
    ["no content type", () => raw(JSON.stringify(valid), ""), 415, /Content-Type/],
    ["broken JSON", () => raw('{"id": "'), 400, /does not parse/],
    ["bytes that are no UTF-8", () => raw("\xff\xfe"), 400, /does not parse|Expected a page event/],
    [
      "a body over 16 KB",
      () => raw(JSON.stringify({ ...valid, page: { ...valid.page, title: "x".repeat(20_000) } })),
      413,
      /at most 16384 bytes/,
    ],
    ["an unknown category", () => send({ ...valid, category: "tracking" }), 400, /category "page" and name "view"/],
    [
      "an unknown name",
      () => send({ ...valid, name: "click" }),
      400,
      /"add_to_cart" \| "begin_checkout" \| "purchase"/,
    ],
    ["an interaction's name as a page view", () => send({ ...valid, name: "purchase" }), 400, /Expected a page event/],
    ["an id that is no UUID", () => send({ ...valid, id: "1; DROP TABLE page_events" }), 400, /Expected a page event/],
    [
      "a javascript: URL",
      () => send({ ...valid, page: { ...valid.page, url: "javascript:alert(1)" } }),
      400,
      /Expected a page event/,
    ],
    ["a field it does not know", () => send({ ...valid, admin: true }), 400, /Expected a page event/],
    ["an array", () => send([valid]), 400, /Expected a page event/],
    ["null", () => send(null), 400, /Expected a page event/],
  ])("%s", async (_what, request, status, message) => {
    const response = await request();
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(message);
  });
});

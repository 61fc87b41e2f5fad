import { describe, expect, it } from "vitest";
import { decodeUtm } from "@contract/marketing/campaign";
import { sessionCookie, testEnv, visit } from "../setup/app";
import { browserCookies, consentCookie, cookiesSet } from "../setup/marketing";

// The cookies a landing earns at the edge (docs/decisions/0025), each with its lifetime and the consent it needs.

const DAY = 86_400;
const ADS = { afcust: 15 * DAY, awc: 30 * DAY, clickid: 30 * DAY };
const ANALYTICS = { utm: 30 * DAY, referrer: 14 * DAY, landing: 30 * DAY, first_touch: 90 * DAY };
const MARKETING = [...Object.keys(ADS), ...Object.keys(ANALYTICS)];

const CAMPAIGN =
  "utm_source=google&utm_medium=cpc&utm_campaign=verano&gclid=Cj0KCQ_abc&afcust=4102&awc=1234_1700000000_ab";
const FROM_BLOG = { referer: "https://blog.example.org/fotos?post=12" };
/** A campaign link to a page of its own, so the edge cache of another test never answers it. */
const page = (query = CAMPAIGN) => `/regalos-con-foto?case=${crypto.randomUUID()}&${query}`;

const landingWith = (choice: { ads: boolean; analytics: boolean } | null, path = page(), cookie?: string) =>
  visit(path, {
    cookie: [choice && consentCookie(choice), cookie].filter(Boolean).join("; ") || undefined,
    headers: FROM_BLOG,
  });

const marketingSet = (response: Response) =>
  [...cookiesSet(response).keys()].filter((name) => MARKETING.includes(name)).sort();

describe("a campaign landing's cookies", () => {
  it("sets none before the visitor answered the banner, nor after a refusal", async () => {
    for (const choice of [null, { ads: false, analytics: false }]) {
      const response = await landingWith(choice);
      expect(response.status).toBe(200);
      expect(marketingSet(response)).toEqual([]);
    }
  });

  it("with analytics consent only: utm, referrer, landing and first touch, each with its lifetime; no ad cookie", async () => {
    const response = await landingWith({ ads: false, analytics: true });
    const set = cookiesSet(response);
    expect(marketingSet(response)).toEqual(Object.keys(ANALYTICS).sort());
    for (const [name, maxAge] of Object.entries(ANALYTICS)) expect(set.get(name)!.maxAge, name).toBe(maxAge);
    expect(decodeUtm(set.get("utm")!.value)).toEqual({
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "verano",
    });
    // The external referrer without its query.
    expect(decodeURIComponent(set.get("referrer")!.value)).toBe("https://blog.example.org/fotos");
  });

  it("with ads consent only: afcust for 15 days, awc and the click ids for 30; nothing of analytics", async () => {
    const response = await landingWith({ ads: true, analytics: false });
    const set = cookiesSet(response);
    expect(marketingSet(response)).toEqual(Object.keys(ADS).sort());
    for (const [name, maxAge] of Object.entries(ADS)) expect(set.get(name)!.maxAge, name).toBe(maxAge);
    expect(set.get("afcust")!.value).toBe("4102");
    expect(set.get("awc")!.value).toBe("1234_1700000000_ab");
  });

  it("with both: all seven, HttpOnly and SameSite=Lax, on a response no shared cache keeps", async () => {
    const response = await landingWith({ ads: true, analytics: true });
    expect(marketingSet(response)).toEqual(MARKETING.sort());
    for (const { line } of cookiesSet(response).values())
      expect(line).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps the first touch on a later landing and replaces the last one's campaign, clearing what it no longer has", async () => {
    const all = { ads: true, analytics: true };
    const first = await landingWith(
      all,
      page("utm_source=newsletter&utm_medium=email&utm_campaign=primavera&gclid=first"),
    );
    const second = await visit(page("utm_source=facebook&utm_medium=paid_social&utm_campaign=verano"), {
      cookie: `${consentCookie(all)}; ${browserCookies(first)}`,
    });
    const set = cookiesSet(second);
    expect(set.has("first_touch")).toBe(false);
    expect(decodeUtm(set.get("utm")!.value)).toEqual({
      utm_source: "facebook",
      utm_medium: "paid_social",
      utm_campaign: "verano",
    });
    expect(set.get("landing")!.value).toContain("channel=paid_social");
    // No click id and no referrer this time: the last landing's are stale.
    expect(set.get("clickid")!.maxAge).toBe(0);
    expect(set.get("referrer")!.maxAge).toBe(0);
    expect(cookiesSet(first).get("first_touch")!.value).toContain("campaign=primavera");
  });

  it("sets nothing on a direct visit or a page of the shop's own", async () => {
    const consent = consentCookie({ ads: true, analytics: true });
    expect(marketingSet(await visit("/offers", { cookie: consent }))).toEqual([]);
    expect(
      marketingSet(await visit("/offers", { cookie: consent, headers: { referer: "http://wpx-es.localhost/cart" } })),
    ).toEqual([]);
    // An organic visit from a search engine is a landing of its own.
    const organic = await visit("/offers", { cookie: consent, headers: { referer: "https://www.google.es/" } });
    expect(marketingSet(organic)).toEqual(["first_touch", "landing", "referrer"]);
  });

  it("marks a landing for a visitor with a session too, whose pages are never cached", async () => {
    const { cookie } = await sessionCookie();
    const response = await visit(page(), { cookie: `${cookie}; ${consentCookie({ ads: true, analytics: false })}` });
    expect(marketingSet(response)).toEqual(Object.keys(ADS).sort());
  });
});

describe("hostile landing parameters", () => {
  const HOSTILE =
    `utm_campaign=${encodeURIComponent('<script>alert("x")</script>')}&utm_source=${"s".repeat(400)}&gclid=${encodeURIComponent("a b<")}` +
    `&awc=${encodeURIComponent("<img src=x>")}&utm_term=${encodeURIComponent("fotos\u0000\u202e")}`;

  it("are cut or dropped before a cookie keeps them, and never reach the page, rendered or cached", async () => {
    const path = page(HOSTILE);
    for (const expected of ["MISS", "HIT"]) {
      const response = await landingWith({ ads: true, analytics: true }, path);
      expect(response.headers.get("x-page-cache")).toBe(expected);
      const html = await response.text();
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("alert(");
      expect(html).not.toContain("s".repeat(150));
      const set = cookiesSet(response);
      const utm = decodeUtm(set.get("utm")!.value);
      expect(utm.utm_campaign).toBe("scriptalert(x)/script");
      expect(utm.utm_source).toHaveLength(150);
      expect(utm.utm_term).toBe("fotos");
      expect(set.has("awc")).toBe(false);
      expect(set.has("clickid")).toBe(false);
      for (const { line } of set.values()) expect(line).not.toMatch(/[<>"]/);
    }
  });
});

describe("a visitor who accepts after landing", () => {
  it("gets the landing's cookies from the page, by the same rules, once the choice is saved", async () => {
    const path = page();
    const undecided = await visit(path, { headers: FROM_BLOG });
    expect(marketingSet(undecided)).toEqual([]);
    const landing = { url: `http://wpx-es.localhost${path}`, referrer: FROM_BLOG.referer };
    const post = (cookie: string | undefined, body: unknown = landing) =>
      visit("/api/marketing/landing", {
        method: "POST",
        cookie,
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });

    expect(marketingSet(await post(undefined))).toEqual([]);
    const accepted = await post(consentCookie({ ads: false, analytics: true }));
    expect(accepted.status).toBe(204);
    expect(marketingSet(accepted)).toEqual(Object.keys(ANALYTICS).sort());
    expect(accepted.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses another site's page, a body that is no landing, and a request from another origin", async () => {
    const consent = consentCookie({ ads: true, analytics: true });
    const post = (body: string, headers: Record<string, string> = {}) =>
      visit("/api/marketing/landing", {
        method: "POST",
        cookie: consent,
        body,
        headers: { "content-type": "application/json", ...headers },
      });
    const foreign = await post(JSON.stringify({ url: "https://evil.example/?afcust=1", referrer: "" }));
    expect(foreign.status).toBe(400);
    expect(marketingSet(foreign)).toEqual([]);
    expect((await post("{not json")).status).toBe(400);
    expect((await post(JSON.stringify({ url: "javascript:alert(1)", referrer: "" }))).status).toBe(400);
    expect(
      (await post(JSON.stringify({ url: "http://wpx-es.localhost/?afcust=1", referrer: "", extra: 1 }))).status,
    ).toBe(400);
    expect(
      (
        await post(JSON.stringify({ url: "http://wpx-es.localhost/?afcust=1", referrer: "" }), {
          origin: "https://evil.example",
        })
      ).status,
    ).toBe(403);
  });
});

describe("the viewport cookie", () => {
  it("fills the session's screen fields; a malformed one is ignored", async () => {
    const { cookie, id } = await sessionCookie();
    const answer = await visit("/api/session", { cookie: `${cookie}; viewport=390x844x3` });
    expect(await answer.json()).toMatchObject({ screenWidth: 390, screenHeight: 844, screenDevicePixelRatio: 3 });
    expect(await testEnv.SESSIONS.get(`session:${id}`, "json")).toMatchObject({ screenWidth: 390 });
    const other = await sessionCookie();
    expect(await (await visit("/api/session", { cookie: `${other.cookie}; viewport=<script>` })).json()).toMatchObject({
      screenWidth: null,
    });
  });
});

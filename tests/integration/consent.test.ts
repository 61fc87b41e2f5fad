import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import es from "@locales/es/consent.json";
import pl from "@locales/pl/consent.json";
import esIcons from "@locales/es/icons.json";
import { CONSENT_VERSION, parseConsent } from "@contract/marketing/consent";
import { consentMessage } from "~/lib/consent/record-consent.server";
import { postJson, sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { shopperWithCheckout } from "../setup/orders";
import { readableHtml } from "./html";

// The visitor's consent (docs/decisions/0024): the cookie is the source of truth, the session mirrors it, the edge
// cache keeps one copy per choice, and a page loads only the tags its brand uses and the choice allows.

const answer = (ads: boolean, analytics: boolean) => ({
  isConsentGiven: true,
  isAdsAccepted: ads,
  isAnalyticsAccepted: analytics,
  consentVersion: CONSENT_VERSION,
});
const consentCookie = (ads: boolean, analytics: boolean, version = CONSENT_VERSION) =>
  `consent=${version}.a${ads ? 1 : 0}.n${analytics ? 1 : 0}.1764100000`;
const TAG_ORIGINS = ["https://www.googletagmanager.com", "https://cdn.onesignal.com", "https://widget.trustpilot.com"];

/** The consent cookie a response sets: its value read back, and its attributes. */
function setConsent(response: Response) {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("consent="));
  if (!header) return null;
  const value = decodeURIComponent(header.split(";")[0]!.slice("consent=".length));
  return { header, value, consent: parseConsent(value), cookie: header.split(";")[0]! };
}

async function kvSession(id: string) {
  return testEnv.SESSIONS.get<Record<string, unknown>>(`session:${id}`, "json");
}

/** What a page shows: whether the banner is open, the tags it loads, its consent script and its policy. */
async function page(path: string, options: Parameters<typeof visit>[1] = {}) {
  const response = await visit(path, options);
  const html = await response.text();
  const banner = /<section[^>]*id="cookie-settings"[^>]*>/.exec(html)?.[0] ?? "";
  return {
    response,
    html,
    bannerOpen: banner.includes('data-open="true"'),
    hasBanner: banner !== "",
    tags: [...html.matchAll(/<script[^>]*data-tag="([^"]+)"[^>]*>/g)].map((match) => match[1]),
    policy: response.headers.get("content-security-policy") ?? "",
    cache: response.headers.get("x-page-cache"),
  };
}

describe("POST /api/session with the consent fields", () => {
  it("takes a withdrawn consent's cookies with it: what the new choice no longer allows expires, the rest stays", async () => {
    const marketing =
      "afcust=4102; awc=1234_1700000000_ab; clickid=gclid%3Dabc; utm=utm_source%3Dnews; referrer=https%3A%2F%2Fblog.example; landing=x; first_touch=y";
    const expired = (response: Response) =>
      response.headers
        .getSetCookie()
        .filter((cookie) => /Max-Age=0/.test(cookie))
        .map((cookie) => cookie.split("=")[0])
        .sort();

    const analyticsOnly = await postJson("/api/session", answer(false, true), {
      cookie: `${consentCookie(true, true)}; ${marketing}`,
    });
    expect(analyticsOnly.status).toBe(200);
    expect(expired(analyticsOnly)).toEqual(["afcust", "awc", "clickid"]);

    const none = await postJson("/api/session", answer(false, false), {
      cookie: `${consentCookie(true, true)}; ${marketing}`,
    });
    expect(expired(none)).toEqual(["afcust", "awc", "clickid", "first_touch", "landing", "referrer", "utm"]);

    const forgotten = await postJson(
      "/api/session",
      { isConsentGiven: false, isAdsAccepted: false, isAnalyticsAccepted: false, consentVersion: CONSENT_VERSION },
      { cookie: `${consentCookie(true, true)}; utm=utm_source%3Dnews` },
    );
    expect(expired(forgotten)).toEqual(["consent", "utm"]);

    // Nothing to take back: only the consent cookie is set.
    const fresh = await postJson("/api/session", answer(false, false));
    expect(fresh.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual(["consent"]);
  });

  it("keeps the choice in a first-party cookie for six months, and makes no session for a visitor without one", async () => {
    const response = await postJson("/api/session", answer(false, true));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      isConsentGiven: true,
      isAdsAccepted: false,
      isAnalyticsAccepted: true,
      consentVersion: CONSENT_VERSION,
    });
    const set = setConsent(response)!;
    expect(set.consent).toMatchObject({ version: CONSENT_VERSION, ads: false, analytics: true });
    expect(set.header).toContain("Max-Age=15811200");
    expect(set.header).toContain("Path=/");
    expect(set.header).toContain("SameSite=Lax");
    expect(set.header).toContain("HttpOnly");
    expect(set.header).not.toContain("Secure");
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("is Secure on https", async () => {
    const secure = await exports.default.fetch(
      new Request("https://wpx-es.localhost/api/session", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://wpx-es.localhost" },
        body: JSON.stringify(answer(true, true)),
      }),
    );
    expect(secure.status).toBe(200);
    expect(setConsent(secure)!.header).toContain("Secure");
  });

  it("writes the session's fields when the visitor has a session, and GET /api/session shows them", async () => {
    const { cookie, id } = await sessionCookie();
    const response = await postJson("/api/session", answer(true, false), { cookie });
    expect(response.status).toBe(200);
    const set = setConsent(response)!;
    expect(await kvSession(id)).toMatchObject({
      isConsentGiven: true,
      isAdsAccepted: true,
      isAnalyticsAccepted: false,
      consentVersion: CONSENT_VERSION,
    });
    const session = await (await visit("/api/session", { cookie: `${cookie}; ${set.cookie}` })).json();
    expect(session).toMatchObject({
      isConsentGiven: true,
      isAdsAccepted: true,
      isAnalyticsAccepted: false,
      consentVersion: CONSENT_VERSION,
    });
  });

  it("makes the session follow the cookie: a session's old answer without a current cookie is no answer", async () => {
    const { cookie, id } = await sessionCookie({
      isConsentGiven: true,
      isAdsAccepted: true,
      isAnalyticsAccepted: true,
      consentVersion: "2024-01",
    });
    await visit("/api/session", { cookie: `${cookie}; ${consentCookie(true, true, "2024-01")}` });
    expect(await kvSession(id)).toMatchObject({
      isConsentGiven: false,
      isAdsAccepted: false,
      isAnalyticsAccepted: false,
      consentVersion: null,
    });
    await visit("/api/session", { cookie: `${cookie}; ${consentCookie(false, true)}` });
    expect(await kvSession(id)).toMatchObject({
      isConsentGiven: true,
      isAdsAccepted: false,
      isAnalyticsAccepted: true,
      consentVersion: CONSENT_VERSION,
    });
  });

  it("gives a session made later the cookie's answer", async () => {
    const response = await visit("/api/session", { cookie: consentCookie(true, false) });
    expect(await response.json()).toMatchObject({
      isConsentGiven: true,
      isAdsAccepted: true,
      isAnalyticsAccepted: false,
    });
  });

  it("forgets the answer when told consent is not given (the banner asks again)", async () => {
    const response = await postJson(
      "/api/session",
      { isConsentGiven: false, isAdsAccepted: false, isAnalyticsAccepted: false, consentVersion: CONSENT_VERSION },
      { cookie: consentCookie(true, true) },
    );
    expect(response.status).toBe(200);
    expect(setConsent(response)!.header).toContain("Max-Age=0");
  });

  it("refuses a choice made on an older version of the text with 409, in the visitor's language", async () => {
    const response = await postJson(
      "/api/session",
      { ...answer(true, true), consentVersion: "2020-01" },
      { brand: "WPX-PL" },
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: "conflict", message: pl.consent.errors.outdated } });
    expect(setConsent(response)).toBeNull();
  });

  it.each([
    [
      "a body that is neither JSON nor a form",
      "text/plain",
      "isConsentGiven=true",
      415,
      es.consent.errors.unsupportedBody,
    ],
    ["no content type at all", "", "{}", 415, es.consent.errors.unsupportedBody],
    [
      "broken JSON",
      "application/json",
      '{"isConsentGiven": tru',
      400,
      "No se ha podido interpretar la actualización de la sesión.",
    ],
    [
      "ads accepted without consent given",
      "application/json",
      JSON.stringify({
        isConsentGiven: false,
        isAdsAccepted: true,
        isAnalyticsAccepted: false,
        consentVersion: CONSENT_VERSION,
      }),
      400,
      "No se ha podido interpretar la actualización de la sesión.",
    ],
    [
      "an absurd version",
      "application/json",
      JSON.stringify({ ...answer(true, true), consentVersion: "x".repeat(5000) }),
      400,
      "No se ha podido interpretar la actualización de la sesión.",
    ],
    [
      "a huge body",
      "application/json",
      JSON.stringify({ ...answer(true, true), pad: "x".repeat(100_000) }),
      400,
      "No se ha podido interpretar la actualización de la sesión.",
    ],
  ])("answers %s with %s and a translated message, never a 5xx", async (_name, type, body, status, message) => {
    const headers: Record<string, string> = type ? { "content-type": type } : {};
    const response = await visit("/api/session", { method: "POST", body, headers });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({
      error: { code: status === 415 ? "unsupportedMediaType" : "badBody", message },
    });
    expect(setConsent(response)).toBeNull();
  });

  it("refuses a cross-site answer", async () => {
    const response = await postJson("/api/session", answer(true, true), {
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(setConsent(response)).toBeNull();
  });

  it("queues one answer with no identifier of the visitor", () => {
    const message = consentMessage("WPX-PL", {
      ads: true,
      analytics: false,
      version: CONSENT_VERSION,
      decidedAt: Date.UTC(2026, 10, 25, 10),
    });
    expect(Object.keys(message).sort()).toEqual([
      "ads",
      "analytics",
      "brand",
      "createdAt",
      "eventId",
      "kind",
      "version",
    ]);
    expect(message).toMatchObject({
      kind: "consent",
      brand: "WPX-PL",
      ads: true,
      analytics: false,
      version: CONSENT_VERSION,
      createdAt: "2026-11-25T10:00:00.000Z",
    });
  });
});

describe("the banner's form without JavaScript", () => {
  const form = (fields: Record<string, string>, options: Parameters<typeof visit>[1] = {}) =>
    visit("/api/session", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ...options,
    });

  it.each([
    [{ choice: "all" }, { ads: true, analytics: true }],
    [
      { choice: "none", ads: "on", analytics: "on" },
      { ads: false, analytics: false },
    ],
    [
      { choice: "save", analytics: "on" },
      { ads: false, analytics: true },
    ],
    [{ choice: "save" }, { ads: false, analytics: false }],
  ])("%j records %j and goes back to the page (303)", async (fields, expected) => {
    const response = await form({ ...fields, returnTo: "/en/offers?sort=price" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/en/offers?sort=price");
    expect(setConsent(response)!.consent).toMatchObject(expected);
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it.each(["//evil.example/offers", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "offers", ""])(
    "never sends the visitor off the site (returnTo %j goes home)",
    async (returnTo) => {
      const response = await form({ choice: "none", returnTo });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    },
  );

  it.each([
    ["no button", { analytics: "on" }],
    ["an unknown button", { choice: "everything" }],
    ["an unknown field", { choice: "all", isConsentGiven: "true" }],
    ["a box with another value", { choice: "save", ads: "yes" }],
  ])("answers %s with 400 and a translated message", async (_name, fields) => {
    const response = await form(fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "badField", message: es.consent.errors.invalidForm } });
    expect(setConsent(response)).toBeNull();
  });

  it("refuses a cross-site form", async () => {
    const response = await form(
      { choice: "all" },
      { headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" } },
    );
    expect(response.status).toBe(403);
    expect(setConsent(response)).toBeNull();
  });
});

describe("pages by the visitor's consent", () => {
  it("offers the cookie settings on every layout: the shop's footer, sign-in and the checkout", async () => {
    const shopper = await shopperWithCheckout();
    for (const [path, cookie] of [
      ["/offers", undefined],
      ["/login", undefined],
      ["/checkout?step=1", shopper.cookie],
    ] as const) {
      const response = await visit(path, { cookie });
      expect(response.status, path).toBe(200);
      expect(readableHtml(await response.text()), path).toContain(es.consent.footerLink);
    }
  });

  it("asks an undecided visitor, in the brand's language, with Consent Mode denied by default and no tag", async () => {
    const { html, bannerOpen, tags, policy } = await page("/", { brand: "WPX-PL" });
    expect(bannerOpen).toBe(true);
    const text = readableHtml(html);
    for (const key of ["title", "acceptAll", "rejectAll", "choose", "save"] as const)
      expect(text).toContain(pl.consent[key]);
    expect(html).toContain('action="/api/session"');
    expect(html).toContain(
      'gtag("consent","default",{"ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","analytics_storage":"denied"})',
    );
    expect(html).not.toContain('gtag("consent","update"');
    expect(tags).toEqual([]);
    for (const origin of TAG_ORIGINS) expect(policy).not.toContain(origin);
  });

  it("asks again when the cookie holds an older version's answer", async () => {
    const { bannerOpen, tags } = await page("/", { brand: "WPX-PL", cookie: consentCookie(true, true, "2024-01") });
    expect(bannerOpen).toBe(true);
    expect(tags).toEqual([]);
  });

  it("loads every tag of a brand that uses them after accept all, after Consent Mode's default and update, and allows their origins", async () => {
    const { html, bannerOpen, hasBanner, tags, policy } = await page("/", {
      brand: "TZ-ES",
      cookie: consentCookie(true, true),
    });
    expect(hasBanner).toBe(true);
    expect(bannerOpen).toBe(false);
    expect(tags).toEqual(["ga4", "pushNotifications", "reviewBadge"]);
    expect(html).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-TZES000001"');
    expect(html).toContain(
      'gtag("consent","update",{"ad_storage":"granted","ad_user_data":"granted","ad_personalization":"granted","analytics_storage":"granted"})',
    );
    expect(html).toContain('gtag("config","G-TZES000001")');
    const defaults = html.indexOf('gtag("consent","default"');
    const firstTag = html.search(/<script[^>]*data-tag=/);
    expect(defaults).toBeGreaterThan(0);
    expect(defaults).toBeLessThan(firstTag);
    expect(html.indexOf('gtag("consent","update"')).toBeLessThan(firstTag);
    expect(policy).toMatch(
      /script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com https:\/\/cdn\.onesignal\.com https:\/\/widget\.trustpilot\.com;/,
    );
    expect(policy).toContain("connect-src 'self' https://api.iconify.design https://*.google-analytics.com");
    expect(policy).toContain("frame-src 'self' https://widget.trustpilot.com");
  });

  it("loads only what analytics consent allows (GA4 and the review badge, not push notifications)", async () => {
    const { tags, policy, html } = await page("/", { brand: "WPX-PL", cookie: consentCookie(false, true) });
    expect(tags).toEqual(["ga4", "reviewBadge"]);
    expect(html).toContain('"ad_storage":"denied"');
    expect(html).toContain('"analytics_storage":"granted"');
    expect(policy).toContain("https://www.googletagmanager.com");
    expect(policy).not.toContain("https://cdn.onesignal.com");
  });

  it("loads only push notifications with ads consent alone", async () => {
    const { tags, html } = await page("/", { brand: "WPX-PL", cookie: consentCookie(true, false) });
    expect(tags).toEqual(["pushNotifications"]);
    expect(html).not.toContain("gtag/js");
  });

  it("loads no tag and allows no tag origin after reject all", async () => {
    const { tags, policy, html, bannerOpen } = await page("/", { brand: "TZ-ES", cookie: consentCookie(false, false) });
    expect(bannerOpen).toBe(false);
    expect(tags).toEqual([]);
    expect(html).toContain(
      'gtag("consent","update",{"ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","analytics_storage":"denied"})',
    );
    for (const origin of TAG_ORIGINS) expect(policy).not.toContain(origin);
  });

  it("loads no tag in a brand that uses none, whatever the visitor allowed", async () => {
    const { tags, policy } = await page("/", { brand: "WPX-DK", cookie: consentCookie(true, true) });
    expect(tags).toEqual([]);
    for (const origin of TAG_ORIGINS) expect(policy).not.toContain(origin);
  });

  it("keeps one cached copy per choice: each is a HIT the second time, and only the undecided one asks", async () => {
    const path = `/offers?consent-cache=${crypto.randomUUID()}`;
    const variants = [
      { cookie: undefined, open: true, tags: [] as string[] },
      { cookie: consentCookie(false, false), open: false, tags: [] },
      { cookie: consentCookie(true, true), open: false, tags: ["ga4", "pushNotifications", "reviewBadge"] },
    ];
    for (const variant of variants) {
      const first = await page(path, { brand: "TZ-ES", cookie: variant.cookie });
      expect(first.cache, variant.cookie).toBe("MISS");
      const second = await page(path, { brand: "TZ-ES", cookie: variant.cookie });
      expect(second.cache, variant.cookie).toBe("HIT");
      expect(second.bannerOpen, variant.cookie).toBe(variant.open);
      expect(second.tags, variant.cookie).toEqual(variant.tags);
      expect(second.response.headers.getSetCookie()).toEqual([]);
      // The copy names no visitor: the cookie's timestamp is nowhere in it.
      expect(second.html).not.toContain("1764100000");
    }
  });
});

describe("GA4's ids", () => {
  const ids = { ga4ClientId: "1234567890.1764100000", ga4SessionId: "1764100000", ga4SessionNumber: 3 };

  it("are not kept, and make no session, for a visitor without one", async () => {
    const response = await postJson("/api/session", ids, { cookie: consentCookie(false, true) });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("reach an existing session", async () => {
    const { cookie, id } = await sessionCookie();
    expect((await postJson("/api/session", ids, { cookie })).status).toBe(200);
    expect(await kvSession(id)).toMatchObject(ids);
  });
});

describe("the session refresh (the root's data read again)", () => {
  it("makes no session for an anonymous visitor", async () => {
    const response = await visit("/_.data", { cookie: consentCookie(true, true) });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("GET /api/bootstrap.json", () => {
  it("tells the build, the consent version, the brand's tags and switches, cached for one hour", async () => {
    const response = await visit("/api/bootstrap.json", { brand: "WPX-PL" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600, s-maxage=3600");
    const config = (await response.json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      consentVersion: CONSENT_VERSION,
      tags: { ga4: true, pushNotifications: true, reviewBadge: true },
      features: { designCreator: true },
    });
    expect(config.buildId).toMatch(/\S+/);
    const other = (await (await visit("/api/bootstrap.json", { brand: "WPX-DK" })).json()) as {
      tags: Record<string, boolean>;
    };
    expect(other.tags).toEqual({ ga4: false, pushNotifications: false, reviewBadge: false });
  });
});

describe("GET /api/icons", () => {
  it("serves the bundled icons in Iconify's shape, naming the unknown ones, cached for a year when asked with the build", async () => {
    const { buildId } = (await (await visit("/api/bootstrap.json")).json()) as { buildId: string };
    const response = await visit(`/api/icons/lucide.json?icons=credit-card,truck,no-such-icon&v=${buildId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const set = (await response.json()) as {
      prefix: string;
      icons: Record<string, { body: string }>;
      not_found: string[];
    };
    expect(set.prefix).toBe("lucide");
    expect(Object.keys(set.icons)).toEqual(["credit-card", "truck"]);
    expect(set.icons.truck!.body).toMatch(/^<g [^>]*stroke="currentColor"/);
    expect(set.not_found).toEqual(["no-such-icon"]);
    expect((await visit("/api/icons/lucide.json?icons=truck&v=old")).headers.get("cache-control")).toBe(
      "public, max-age=3600",
    );
  });

  it.each([
    "/api/icons/lucide.json?icons=../../etc",
    "/api/icons/lucide.json",
    `/api/icons/lucide.json?icons=${Array(40).fill("a").join(",")}`,
  ])("answers %s with 400 and a translated message", async (path) => {
    const response = await visit(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "badField", message: esIcons.icons.invalid } });
  });

  it("knows no other icon set", async () => {
    expect((await visit("/api/icons/mdi.json?icons=home")).status).toBe(404);
  });
});

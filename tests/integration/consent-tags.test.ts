import { describe, expect, it } from "vitest";
import es from "@locales/es/consent.json";
import pl from "@locales/pl/consent.json";
import { postJson, sessionCookie, visit } from "../setup/app";
import { shopperWithCheckout } from "../setup/orders";
import { readableHtml } from "./html";
import { consentCookie, TAG_ORIGINS, kvSession, page } from "./consent-pages";

// The visitor's consent (docs/decisions/0024): the cookie is the source of truth, the session mirrors it, the edge
// cache keeps one copy per choice, and a page loads only the tags its brand uses and the choice allows.

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

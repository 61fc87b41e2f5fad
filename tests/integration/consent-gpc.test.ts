import { describe, expect, it } from "vitest";
import plConsent from "@locales/pl/consent.json";
import { CONSENT_VERSION, serializeConsent } from "@contract/marketing/consent";
import { visit } from "../setup/app";
import { cookiesSet } from "../setup/marketing";
import { readableHtml } from "./html";
import { answer, ALL, ANALYTICS_ONLY, consentSet, recordsOf, decide } from "./consent-decisions";

// Consent a shop can prove (docs/decisions/0035): every decision recorded under the visitor's consent id, Global
// Privacy Control honoured, the records read by the marketing role only, kept for their own retention.

describe("Global Privacy Control", () => {
  const gpc = { "sec-gpc": "1" };
  const page = async (
    cookie: string | undefined,
    headers: Record<string, string> = {},
    brand: "TZ-ES" | "WPX-PL" = "TZ-ES",
    path = "/",
  ) => {
    const response = await visit(path, { brand, cookie, headers });
    const html = await response.text();
    return {
      response,
      html,
      bannerOpen: /<section[^>]*id="cookie-settings"[^>]*data-open="true"/.test(html),
      tags: [...html.matchAll(/<script[^>]*data-tag="([^"]+)"[^>]*>/g)].map((match) => match[1]),
    };
  };

  it("refuses ads granted before the signal: no ad tag, ads denied in Consent Mode, no ad cookie; analytics stays the visitor's", async () => {
    const before = `consent=${serializeConsent({ version: CONSENT_VERSION, ...ALL, decidedAt: Date.now(), id: crypto.randomUUID(), gpc: false })}`;
    const withSignal = await page(before, gpc);
    expect(withSignal.bannerOpen).toBe(false);
    expect(withSignal.tags).toEqual(["ga4", "reviewBadge"]);
    expect(withSignal.html).toContain(
      'gtag("consent","update",{"ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","analytics_storage":"granted"})',
    );
    expect((await page(before)).tags).toEqual(["ga4", "pushNotifications", "reviewBadge"]);

    const landing = await visit(`/regalos-con-foto?case=${crypto.randomUUID()}&gclid=abc&utm_source=x`, {
      brand: "TZ-ES",
      cookie: before,
      headers: gpc,
    });
    expect([...cookiesSet(landing).keys()].sort()).toEqual(["first_touch", "landing", "utm"]);
  });

  it("counts ads granted while the signal was sent: an explicit grant, recorded as made under it", async () => {
    const response = await decide(answer(ALL), { headers: gpc, brand: "TZ-ES" });
    const { consent, pair } = consentSet(response)!;
    expect(consent).toMatchObject({ ads: true, analytics: true, gpc: true });
    const [record] = await recordsOf(consent!.id!, 1);
    expect(record).toMatchObject({ gpc: 1, ad_storage: "granted", analytics_storage: "granted" });
    expect((await page(pair, gpc)).tags).toEqual(["ga4", "pushNotifications", "reviewBadge"]);
  });

  it("records the signal the page saw in the browser (navigator.globalPrivacyControl) with the decision", async () => {
    const response = await decide({ ...answer(ANALYTICS_ONLY), globalPrivacyControl: true });
    const { consent } = consentSet(response)!;
    expect(consent).toMatchObject({ gpc: true, ads: false });
    expect((await recordsOf(consent!.id!, 1))[0]).toMatchObject({
      gpc: 1,
      ad_storage: "denied",
      analytics_storage: "granted",
    });
    expect((await decide({ ...answer(ALL), globalPrivacyControl: false })).status).toBe(400);
  });

  it("still asks an undecided visitor, saying ads stay off, from a cached copy of its own", async () => {
    const path = `/offers?gpc-cache=${crypto.randomUUID()}`;
    const withSignal = await page(undefined, gpc, "WPX-PL", path);
    expect(withSignal.bannerOpen).toBe(true);
    expect(readableHtml(withSignal.html)).toContain(plConsent.consent.gpc);
    expect(withSignal.html).toContain('gtag("consent","default",{"ad_storage":"denied"');
    expect(withSignal.tags).toEqual([]);
    const again = await page(undefined, gpc, "WPX-PL", path);
    expect(again.response.headers.get("x-page-cache")).toBe("HIT");
    expect(readableHtml(again.html)).toContain(plConsent.consent.gpc);
    const without = await page(undefined, {}, "WPX-PL", path);
    expect(without.bannerOpen).toBe(true);
    expect(readableHtml(without.html)).not.toContain(plConsent.consent.gpc);
  });
});

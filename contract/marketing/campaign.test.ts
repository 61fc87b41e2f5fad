import { describe, expect, it } from "vitest";
import {
  consentIdOf,
  consentVariant,
  CONSENT_VERSION,
  googleConsent,
  honourGpc,
  parseConsent,
  serializeConsent,
} from "./consent";
import {
  decodeClickIds,
  decodeUtm,
  encodePairs,
  externalReferrer,
  landingParams,
  withoutMarketingParams,
} from "./campaign";

describe("landing parameters", () => {
  it("keeps the 13 campaign parameters, afcust and awc, cleaned", () => {
    const search = new URLSearchParams(
      "utm_source=google&utm_medium=cpc&utm_campaign=Summer%20%3Cb%3Esale%3C/b%3E&utm_term=fotos&utm_content=a&utm_productid=12&" +
        "gclid=Cj0KCQ_x-1&fbclid=IwAR.1&fbp=fb.1.1700000000.123&fbc=fb.1.1700000000.IwAR&msclkid=abc&gbraid=0AAA&wbraid=1BBB&afcust=1001&awc=1234_1700000000_ab|c",
    );
    const landing = landingParams(search);
    expect(Object.keys(landing.utm)).toHaveLength(6);
    expect(Object.keys(landing.clickIds)).toHaveLength(7);
    expect(landing.utm.utm_campaign).toBe("Summer bsale/b");
    expect(landing.affiliateId).toBe("1001");
    expect(landing.awc).toBe("1234_1700000000_ab|c");
  });

  it("drops what is malformed and cuts what is too long", () => {
    const landing = landingParams(
      new URLSearchParams({
        afcust: "12a",
        awc: "<script>",
        gclid: "a b",
        utm_source: "x".repeat(500),
        utm_medium: "   ",
      }),
    );
    expect(landing.affiliateId).toBeUndefined();
    expect(landing.awc).toBeUndefined();
    expect(landing.clickIds.gclid).toBeUndefined();
    expect(landing.utm.utm_source).toHaveLength(150);
    expect(landing.utm.utm_medium).toBeUndefined();
    expect(landingParams(new URLSearchParams({ afcust: "1".repeat(13) })).affiliateId).toBeUndefined();
    expect(landingParams(new URLSearchParams({ utm_term: "fotos\u202egpj.exe\u200b" })).utm.utm_term).toBe(
      "fotosgpj.exe",
    );
  });

  it("renders and caches a page without them", () => {
    const url = new URL("https://wpx.es/offers?utm_source=a&page=2&gclid=x&afcust=1&awc=2");
    expect(withoutMarketingParams(url).href).toBe("https://wpx.es/offers?page=2");
  });

  it("round-trips the cookies and cleans them again on reading", () => {
    expect(decodeUtm(encodePairs({ utm_source: "google", utm_campaign: "sale" }))).toEqual({
      utm_source: "google",
      utm_campaign: "sale",
    });
    expect(decodeClickIds(encodePairs({ gclid: "abc", evil: "x" }))).toEqual({ gclid: "abc" });
    expect(decodeUtm("%E0%A4%A")).toEqual({});
    expect(decodeClickIds(encodeURIComponent("gclid=a%20b"))).toEqual({});
  });

  it("writes each value encoded once, and still reads a cookie written encoded twice more", () => {
    expect(encodePairs({ gclid: "abc" })).toBe("gclid=abc");
    expect(encodePairs({ utm_source: "blog", utm_campaign: "café & sol=1" })).toBe(
      "utm_source=blog&utm_campaign=caf%C3%A9+%26+sol%3D1",
    );
    expect(decodeUtm(encodePairs({ utm_campaign: "café & sol=1+2" }))).toEqual({ utm_campaign: "café & sol=1+2" });
    expect(decodeClickIds("gclid%253Dabc")).toEqual({ gclid: "abc" });
  });

  it("keeps only an external referrer, without its query", () => {
    expect(externalReferrer("https://www.google.com/search?q=fotos", ["wpx.es"])).toBe("https://www.google.com/search");
    expect(externalReferrer("https://wpx.es/offers", ["wpx.es"])).toBeUndefined();
    expect(externalReferrer("javascript:alert(1)", [])).toBeUndefined();
    expect(externalReferrer("not a url", [])).toBeUndefined();
  });
});

describe("consent cookie", () => {
  it("round-trips a choice of this version, with its consent id and whether Global Privacy Control was sent", () => {
    const consent = {
      version: CONSENT_VERSION,
      ads: false,
      analytics: true,
      decidedAt: 1_764_100_000_000,
      id: "0f8fad5b-d9cb-469f-a165-70867728950e",
      gpc: true,
    };
    expect(serializeConsent(consent)).toBe(
      `${CONSENT_VERSION}.a0.n1.1764100000.g1.0f8fad5b-d9cb-469f-a165-70867728950e`,
    );
    expect(parseConsent(serializeConsent(consent))).toEqual(consent);
    expect(consentVariant(consent)).toBe("analytics");
    // A cookie written before there were ids keeps its answer; the next decision gives it an id.
    expect(parseConsent(`${CONSENT_VERSION}.a1.n1.1764100000`)).toEqual({
      version: CONSENT_VERSION,
      ads: true,
      analytics: true,
      decidedAt: 1_764_100_000_000,
      id: null,
      gpc: false,
    });
    // The id outlives a new version of the text (the visitor is asked again, under the same id).
    expect(consentIdOf("2020-01.a1.n1.1700000000.g0.0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(
      "0f8fad5b-d9cb-469f-a165-70867728950e",
    );
    expect(parseConsent(`${CONSENT_VERSION}.a1.n1.1764100000.g0.not-a-uuid-but-thirty-six-characters`)).toBeNull();
  });

  it("refuses advertising under Global Privacy Control unless it was granted while the signal was sent", () => {
    const before = {
      version: CONSENT_VERSION,
      ads: true,
      analytics: true,
      decidedAt: 1,
      id: "0f8fad5b-d9cb-469f-a165-70867728950e",
      gpc: false,
    };
    expect(honourGpc(before, true)).toMatchObject({ ads: false, analytics: true });
    expect(honourGpc(before, false)).toBe(before);
    const explicit = { ...before, gpc: true };
    expect(honourGpc(explicit, true)).toBe(explicit);
    expect(honourGpc(null, true)).toBeNull();
  });

  it("treats an older version, or anything garbled, as no choice", () => {
    expect(parseConsent("2020-01.a1.n1.1700000000")).toBeNull();
    expect(parseConsent("garbage")).toBeNull();
    expect(parseConsent(undefined)).toBeNull();
    expect(consentVariant(null)).toBe("undecided");
  });

  it("maps to Google Consent Mode v2", () => {
    expect(googleConsent(null)).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
    });
    expect(googleConsent({ ads: true, analytics: false })).toEqual({
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "denied",
    });
  });
});

import { describe, expect, it } from "vitest";
import { channelOf, sourceMediumOf } from "./channels";

describe("channelOf", () => {
  it.each([
    [{}, "direct"],
    [{ affiliateId: "1001" }, "affiliate"],
    [{ awc: "1234_1700000000_abc", clickIds: { gclid: "x" } }, "affiliate"],
    [{ utm: { utm_source: "partner", utm_medium: "affiliate" } }, "affiliate"],
    [{ clickIds: { gclid: "Cj0KCQ" } }, "paid_search"],
    [{ clickIds: { msclkid: "abc" } }, "paid_search"],
    [{ utm: { utm_source: "google", utm_medium: "cpc" } }, "paid_search"],
    [{ clickIds: { fbclid: "IwAR" } }, "paid_social"],
    [{ utm: { utm_source: "facebook", utm_medium: "cpc" } }, "paid_social"],
    [{ utm: { utm_source: "tiktok", utm_medium: "paid_social" } }, "paid_social"],
    [{ utm: { utm_source: "newsletter", utm_medium: "email" } }, "email"],
    [{ referrer: "https://www.google.es/" }, "organic"],
    [{ referrer: "https://duckduckgo.com/" }, "organic"],
    [{ referrer: "https://blog.example.org/post" }, "referral"],
    [{ referrer: "https://www.facebook.com/" }, "referral"],
    [{ utm: { utm_source: "flyer" } }, "referral"],
    [{ utm: { utm_source: "google", utm_medium: "organic" } }, "organic"],
  ] as const)("%j is %s", (facts, channel) => {
    expect(channelOf(facts)).toBe(channel);
  });

  it("names a source and medium for every channel", () => {
    expect(sourceMediumOf({ utm: { utm_source: "google", utm_medium: "cpc" } }, "paid_search")).toEqual({
      source: "google",
      medium: "cpc",
    });
    expect(sourceMediumOf({ referrer: "https://www.google.es/" }, "organic")).toEqual({
      source: "www.google.es",
      medium: "organic",
    });
    expect(sourceMediumOf({}, "direct")).toEqual({ source: "(direct)", medium: "(none)" });
    expect(sourceMediumOf({ affiliateId: "1001" }, "affiliate")).toEqual({ source: "affiliate", medium: "affiliate" });
  });
});

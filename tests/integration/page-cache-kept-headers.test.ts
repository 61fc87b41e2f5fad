import { describe, expect, it } from "vitest";
import { keptHeaders } from "~/lib/speed/page-cache.server";

describe("a page kept in memory", () => {
  it("serves none of the headers stamped on the one answer it was copied from", () => {
    const fromEdge = new Headers({
      "cache-control": "public, max-age=60, s-maxage=600",
      "content-type": "text/html; charset=utf-8",
      vary: "Cookie",
      date: "Fri, 27 Nov 2026 18:34:07 GMT",
      age: "0",
      "cf-cache-status": "HIT",
      "x-page-nonce": "rendered-with",
      "x-page-brand": "WPX-ES",
      "x-page-route": "routes/home",
    });
    expect(keptHeaders(fromEdge)).toEqual([
      ["cache-control", "public, max-age=60, s-maxage=600"],
      ["content-type", "text/html; charset=utf-8"],
      ["vary", "Cookie"],
    ]);
  });
});

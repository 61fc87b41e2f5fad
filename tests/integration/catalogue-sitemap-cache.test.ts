import { describe, expect, it } from "vitest";
import { sessionCookie, visit } from "../setup/app";

describe("sitemap and robots", () => {
  it("indexes one sitemap per locale of the brand", async () => {
    const response = await visit("/sitemap.xml", { brand: "WPX-DK" });
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain("<loc>http://wpx-dk.localhost/sitemap/da.xml</loc>");
    expect(xml).toContain("<loc>http://wpx-dk.localhost/sitemap/en.xml</loc>");
    expect(xml).not.toContain("/sitemap/es.xml");
    expect((await visit("/sitemap/es.xml", { brand: "WPX-DK" })).status).toBe(404);
  });

  it("lists the catalogue with alternates in the brand's locales", async () => {
    const xml = await (await visit("/sitemap/es.xml")).text();
    expect(xml).toContain("<loc>http://wpx-es.localhost/fotolibros-y-calendarios</loc>");
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="http://wpx-es.localhost/en/photo-books-and-calendars"/>',
    );
    expect(xml).toContain("<loc>http://wpx-es.localhost/fotolibro</loc>");
    expect(xml).toMatch(/<loc>http:\/\/wpx-es\.localhost\/help-center\/topic\/[a-z0-9-]+_90<\/loc>/);
    expect(xml).not.toContain("wpx-pl");
    expect((xml.match(/<url>/g) ?? []).length).toBeGreaterThan(100);
  });

  it("serves robots.txt per brand with its sitemap", async () => {
    const robots = await (await visit("/robots.txt", { brand: "TZ-ES" })).text();
    expect(robots).toContain("Sitemap: http://tz-es.localhost/sitemap.xml");
    expect(robots).toContain("Disallow: /checkout");
    expect(robots).toContain("Disallow: /accounts/");
  });
});

describe("edge caching", () => {
  it("lets anonymous catalogue pages be cached, and serves them from the edge cache", async () => {
    const path = `/offers?utm_source=cache-test-${crypto.randomUUID().slice(0, 6)}`;
    const first = await visit(path, { brand: "WPX-IT" });
    expect(first.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=600, stale-while-revalidate=86400");
    expect(first.headers.get("vary")).toContain("Cookie");
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    await first.text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await visit(path, { brand: "WPX-IT" });
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(await second.text()).toContain('lang="it-IT"');
  });

  it("never caches a page for a visitor with a session", async () => {
    const { cookie } = await sessionCookie();
    const response = await visit("/offers", { brand: "WPX-IT", cookie });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-page-cache")).toBeNull();
  });

  it("keeps personal pages out of the cache", async () => {
    for (const path of ["/cart", "/login", "/tracking"]) {
      const response = await visit(path);
      expect(response.headers.get("cache-control") ?? "", path).not.toContain("public");
      expect(response.headers.get("x-page-cache"), path).toBeNull();
    }
  });
});

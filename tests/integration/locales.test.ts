import { describe, expect, it } from "vitest";
import { BRANDS, visit } from "../setup/app";
import { errorMessage, htmlLang } from "./html";

describe("locale prefixes", () => {
  it.each(BRANDS.map((brand) => brand.slug))("%s serves English under /en", async (slug) => {
    const response = await visit("/en", { brand: slug });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(htmlLang(html)).toBe("en");
    expect(html).toContain("Prices include VAT.");
  });

  it("keeps the prefix on inner pages and in links", async () => {
    const response = await visit("/en/offers", { brand: "WPX-PL" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(htmlLang(html)).toBe("en");
    expect(html).toContain('href="/en/help-center"');
    expect(html).toContain('href="/offers"'); // the switcher's link back to Polish
  });

  it("answers the default locale's own prefix with 404 'Page Not Found'", async () => {
    const response = await visit("/pl/offers", { brand: "WPX-PL" });
    expect(response.status).toBe(404);
    expect(errorMessage(await response.text())).toBe("Page Not Found");
  });

  it("answers another brand's locale with 404 'Page Not Found'", async () => {
    for (const path of ["/pl/offers", "/pl", "/da/help-center"]) {
      const response = await visit(path, { brand: "WPX-ES" });
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(errorMessage(html), path).toBe("Page Not Found");
      expect(htmlLang(html)).toBe("es-ES");
    }
  });

  it("refuses a locale before any loader runs, on the brand's own error page (its look, header and footer)", async () => {
    for (const path of ["/pl/offers", "/xx/offers"]) {
      const html = await (await visit(path, { brand: "TZ-ES" })).text();
      expect(html, path).toContain('data-theme="tz"');
      expect(html, path).toContain("<header");
      expect(html, path).toContain("<footer");
      expect(html, path).toContain("Tazzo Estudio");
    }
  });

  it("reads the locale of a client navigation's data request too", async () => {
    const english = await (await visit("/en/offers.data?_routes=offers.lang", { brand: "WPX-ES" })).text();
    expect(english).toContain('"Offers"');
    const home = await (await visit("/en.data", { brand: "WPX-ES" })).text();
    expect(home).toContain("Customer favourites".length ? "Photo mug" : "");
    const spanish = await (await visit("/offers.data?_routes=offers", { brand: "WPX-ES" })).text();
    expect(spanish).toContain('"Ofertas"');
  });

  it("treats a prefix that is no locale as no route", async () => {
    const response = await visit("/xx/offers", { brand: "WPX-ES" });
    expect(response.status).toBe(404);
    expect(errorMessage(await response.text())).toBe("Page not found: /xx/offers");
  });
});

describe("translation data", () => {
  it("serves a locale's general namespace with long-lived cache headers", async () => {
    const response = await visit("/_locales/general/pl/data.json?v=2026-11-22T00:00:00.000Z");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const data = (await response.json()) as { nav: { home: string } };
    expect(data.nav.home).toBe("Strona główna");
  });

  it("serves a route's strings by locale or by its link form", async () => {
    for (const localeOrLink of ["cs", "cs-CZ"]) {
      const response = await visit(`/_locales/${localeOrLink}/errors/data.json?v=1`);
      expect(response.status).toBe(200);
      const data = (await response.json()) as { errors: { backHome: string } };
      expect(data.errors.backHome.length).toBeGreaterThan(0);
    }
  });

  it("refuses unknown locales and routes", async () => {
    expect((await visit("/_locales/general/xx/data.json")).status).toBe(404);
    expect((await visit("/_locales/en/nope/data.json")).status).toBe(404);
  });

  it("puts the strings a page's render used in the page, last in its body, so the browser hydrates without asking", async () => {
    const html = await (await visit("/", { brand: "WPX-IT" })).text();
    const carried = /<script type="application\/json" id="page-strings">(.*?)<\/script><\/body><\/html>$/.exec(html);
    expect(carried).not.toBeNull();
    const strings = JSON.parse(carried![1]!) as { footer: { vatNote: string }; checkout?: unknown };
    expect(strings.footer.vatNote).toBe("Prezzi IVA inclusa.");
    expect(html).toContain("Prezzi IVA inclusa.");
    // Only what the page used: the checkout's strings are not on the home page.
    expect(strings.checkout).toBeUndefined();
    expect(html).not.toContain('rel="preload" as="fetch"');
  });
});

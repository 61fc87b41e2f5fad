import { describe, expect, it } from "vitest";
import { exports } from "cloudflare:workers";
import { BRANDS, visit } from "../setup/app";
import { htmlLang, prices } from "./html";

const expected = {
  "WPX-PL": { lang: "pl-PL", currency: /zł$/, decimals: true },
  "WPX-ES": { lang: "es-ES", currency: /€$/, decimals: true },
  "WPX-IT": { lang: "it-IT", currency: /€$/, decimals: true },
  "WPX-DK": { lang: "da-DK", currency: /kr\.$/, decimals: false },
  "WPX-FR": { lang: "fr-FR", currency: /€$/, decimals: true },
  "TZ-ES": { lang: "es-ES", currency: /€$/, decimals: true },
  "WPX-PT": { lang: "pt-PT", currency: /€$/, decimals: true },
  "WPX-CZ": { lang: "cs-CZ", currency: /Kč$/, decimals: false },
} as const;

describe("the request host picks the brand", () => {
  it.each(BRANDS.map((brand) => [brand.slug, brand] as const))("%s answers on its local host", async (slug, brand) => {
    const response = await visit("/", { brand: slug });
    expect(response.status).toBe(200);
    const html = await response.text();
    const want = expected[slug];
    expect(htmlLang(html)).toBe(want.lang);
    expect(html).toContain(`data-theme="${brand.theme}"`);
    expect(html).toContain(`| ${brand.name}</title>`);
    const shown = prices(html);
    expect(shown.length).toBeGreaterThanOrEqual(5);
    for (const price of shown) {
      expect(price).toMatch(want.currency);
      if (!want.decimals) expect(price).not.toMatch(/[.,]\d{2}\s/);
    }
  });

  it("serves the default brand on plain localhost and unknown hosts", async () => {
    for (const host of ["http://localhost:8787", "http://preview.example.net"]) {
      const response = await (await import("cloudflare:workers")).exports.default.fetch(new Request(`${host}/`));
      const html = await response.text();
      expect(htmlLang(html)).toBe("es-ES");
      expect(html).toContain("| WPX España</title>");
    }
  });

  it("gives TZ-ES a look of its own", async () => {
    const tz = await (await visit("/", { brand: "TZ-ES" })).text();
    const wpx = await (await visit("/", { brand: "WPX-ES" })).text();
    expect(tz).toContain('data-theme="tz"');
    expect(tz).toContain("Tazzo Estudio");
    expect(wpx).toContain('data-theme="wpx"');
    // TZ-ES sells its own catalogue selection.
    expect(tz).toContain("/images/products/magic-mug.svg");
    expect(wpx).not.toContain("/images/products/magic-mug.svg");
  });
});

describe("a brand's www host", () => {
  it("redirects permanently to the brand's domain, path and query kept; a form keeps its method", async () => {
    const page = await exports.default.fetch(new Request("https://www.wpx.pl/koszyk?x=1", { redirect: "manual" }));
    expect(page.status).toBe(301);
    expect(page.headers.get("location")).toBe("https://wpx.pl/koszyk?x=1");
    const form = await exports.default.fetch(
      new Request("https://www.tazzo.es/cart", { method: "POST", body: "a=1", redirect: "manual" }),
    );
    expect(form.status).toBe(308);
    expect(form.headers.get("location")).toBe("https://tazzo.es/cart");
    // Only the brands' own domains: another www host is served as any unknown host is.
    const other = await exports.default.fetch(new Request("http://www.example.com/", { redirect: "manual" }));
    expect(other.status).not.toBe(301);
  });
});

import { describe, expect, it } from "vitest";
import { testEnv, visit } from "../setup/app";
import es from "@locales/es/general.json";
import pl from "@locales/pl/general.json";
import { h1, prices, title } from "./html";
import { text, jsonLd, links } from "./catalogue-html";

describe("home page", () => {
  it.each([
    ["WPX-PL", "/", pl.home.categories, "Jak dobrać"],
    ["TZ-ES", "/", "Tazas", "¿Cómo elijo el tamaño"],
    ["WPX-DK", "/en", "Shop by category", "How do I choose the right size"],
  ] as const)(
    "%s %s shows banners, categories, top sales, novelties, offers, reviews and help",
    async (brand, path, categoryWord, helpTopic) => {
      const response = await visit(path, { brand });
      expect(response.status).toBe(200);
      const html = await response.text();
      const page = text(html);
      expect(html).toContain('id="categories-title"');
      expect(html).toContain('id="top-sales-title"');
      expect(html).toContain('id="novelties-title"');
      expect(html).toContain('id="offers-title"');
      expect(html).toContain('data-testid="offer-code"');
      expect(page).toContain(categoryWord);
      expect(html).toMatch(/data-testid="reviews-summary">[^<]*\d[.,]\d/);
      expect(page).toContain(helpTopic);
      expect(prices(html).length).toBeGreaterThanOrEqual(8);
    },
  );
});

describe("deferred parts of a page", () => {
  it("are written in place, with no later chunk of loader data, when their answers are at hand", async () => {
    await visit("/");
    await visit("/fotolibro");
    for (const path of ["/", "/fotolibro"]) {
      const html = await (await visit(path)).text();
      expect(html.includes('streamController.enqueue("P'), `${path}: a deferred chunk of loader data`).toBe(false);
      expect(html.includes("streamController.close()"), `${path}: the loader data's end`).toBe(true);
    }
    const home = await (await visit("/")).text();
    expect(home.indexOf('data-testid="reviews-summary"')).toBeLessThan(home.indexOf("streamController.enqueue("));
  });

  it("leave the loader data itself in place: no part of the page completed after it and moved by a script", async () => {
    await visit("/");
    await visit("/fotolibro");
    for (const path of ["/", "/fotolibro", "/cart"]) {
      const html = await (await visit(path)).text();
      expect(html, path).not.toMatch(/<div hidden id="S:\d+">/);
      expect(html, path).not.toContain("$RC(");
      expect(html.indexOf("streamController.close()"), path).toBeGreaterThan(html.indexOf("streamController.enqueue("));
    }
  });
});

describe("a list's loader data", () => {
  /** The page's loader data as written into its HTML (turbo-stream's flat list of values). */
  const loaderData = (html: string) =>
    JSON.parse(
      JSON.parse(/streamController\.enqueue\(("[\s\S]*?")\);<\/script>/.exec(html)![1]!) as string,
    ) as unknown[];

  it("carries the fields its cards show and none they do not", async () => {
    const home = loaderData(await (await visit("/")).text());
    // Shown: the product cards' names and prices, the offers' conditions, the reviews' titles.
    expect(home).toContain("Taza con foto");
    expect(home).toContain("description");
    expect(home).toContain("conditions");
    // Not shown on the home: the reviews' texts and the shop's answers, the categories' long texts and other-language
    // slugs, the products' plural names and popularity, the offers' products.
    for (const field of ["body", "answer", "namePlural", "popularity", "slugs", "articleIds", "distribution"])
      expect(home, field).not.toContain(field);
    const category = loaderData(await (await visit("/regalos-con-foto")).text());
    expect(category).toContain("Taza con foto");
    for (const field of ["namePlural", "popularity"]) expect(category, field).not.toContain(field);
  });
});

describe("category pages", () => {
  it("lists a category's products with filters, sort and the result count in the URL", async () => {
    const all = await (await visit("/regalos-con-foto")).text();
    expect(h1(all)).toBe("Regalos con foto");
    expect(all).toMatch(/data-testid="result-count">4 resultados/);
    const sorted = prices(await (await visit("/regalos-con-foto?sort=price_asc")).text()).map((price) =>
      Number(price.replace(/[^\d,]/g, "").replace(",", ".")),
    );
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    const cheap = await (await visit("/regalos-con-foto?priceMax=15")).text();
    expect(prices(cheap).every((price) => Number(price.replace(/[^\d,]/g, "").replace(",", ".")) <= 15)).toBe(true);
    expect(prices(cheap).length).toBeLessThan(4);
  });

  it("ignores filter values it does not understand", async () => {
    const response = await visit("/regalos-con-foto?collection=NOPE&sort=cheapest&page=-3&priceMin=abc");
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/data-testid="result-count">4 resultados/);
  });

  it("shows the empty state when nothing matches", async () => {
    const html = await (await visit("/regalos-con-foto?priceMax=1")).text();
    expect(html).toMatch(/data-testid="result-count">0 resultados/);
    expect(text(html)).toContain(es.catalogue.noResults);
  });

  it("lists designs on a LIST_DESIGNS category, paginated", async () => {
    // Private designs, and designs saved by accounts whatever their scope, are never listed.
    const listed = await testEnv.STORE_DB.prepare(
      "SELECT COUNT(*) AS n FROM designs WHERE site = 'WPX-ES' AND scope != 'PRIVATE' AND account_id IS NULL",
    ).first<{ n: number }>();
    const first = await (await visit("/inspiracion")).text();
    expect(first).toContain(`data-testid="result-count">${listed!.n} resultados`);
    expect(first).toContain('href="/inspiracion?page=2"');
    expect((first.match(/href="\/design\//g) ?? []).length).toBe(12);
    const last = await (await visit(`/inspiracion?page=${Math.ceil(listed!.n / 12)}`)).text();
    expect((last.match(/href="\/design\//g) ?? []).length).toBe(listed!.n - 12 * (Math.ceil(listed!.n / 12) - 1));
  });

  it("renders a LANDING page with its story and products", async () => {
    const html = await (await visit("/navidad")).text();
    expect(h1(html)).toBe("Regalos de Navidad");
    expect(prices(html).length).toBeGreaterThanOrEqual(3);
  });

  it("gives the category its translated slug in each locale, with canonical and hreflang", async () => {
    const html = await (await visit("/en/photo-books-and-calendars", { brand: "WPX-ES" })).text();
    expect(links(html, "canonical")[0]).toContain('href="http://wpx-es.localhost/en/photo-books-and-calendars"');
    const alternates = links(html, "alternate").join("\n");
    expect(alternates).toContain('hrefLang="es-ES" href="http://wpx-es.localhost/fotolibros-y-calendarios"');
    expect(alternates).toContain('hrefLang="en" href="http://wpx-es.localhost/en/photo-books-and-calendars"');
    expect(alternates).toContain('hrefLang="x-default"');
    expect(jsonLd(html).some((data) => data["@type"] === "BreadcrumbList")).toBe(true);
  });

  it("answers an unknown slug with the fatal 404", async () => {
    expect((await visit("/no-existe-esta-categoria")).status).toBe(404);
    // A slug of another locale is not this locale's page.
    expect((await visit("/photo-books-and-calendars")).status).toBe(404);
  });
});

describe("the product page", () => {
  it("shows gallery, options with price, tiers, delivery, reviews and a cart form", async () => {
    const response = await visit("/revelado-de-fotos");
    expect(response.status).toBe(200);
    const html = await response.text();
    const page = text(html);
    expect(html).toContain("<picture>");
    expect(html).toContain('type="image/avif" srcSet="/images/environments/photo-prints.avif"');
    expect(html).toContain('type="image/webp" srcSet="/images/environments/photo-prints.webp"');
    expect(html).toMatch(/<img src="\/images\/environments\/photo-prints\.jpg"[^>]*width="80" height="60"/);
    expect(html).toMatch(/name="option_size" checked="" value="\d+"/);
    expect(page).toContain("10×15 cm");
    expect(page).toContain("Brillo");
    expect(html).toMatch(/data-testid="live-price">9,95[\s\u00a0]€/);
    expect(page).toMatch(/Desde 3 artículos: 10 % de descuento|3 .*10/);
    expect(html).toMatch(/data-testid="delivery-estimate">[^<]+/);
    expect(html).toMatch(
      /<button type="submit" aria-describedby="cart-answer" class="button-primary[^"]*" data-testid="add-to-cart">/,
    );
    expect(html).toContain('href="/create/201"');
    expect(html).toContain('id="reviews-title"');
  });

  it("describes itself to search engines: Product with Offer and AggregateRating, breadcrumbs, Open Graph", async () => {
    const html = await (await visit("/fotolibro")).text();
    // biome-ignore lint/suspicious/noExplicitAny: JSON-LD read as a search engine reads it, whatever its shape
    const product = jsonLd(html).find((data) => data["@type"] === "Product") as Record<string, any>;
    expect(product.name).toBe("Fotolibro");
    expect(product.offers).toMatchObject({
      "@type": "Offer",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
    });
    expect(Number(product.offers.price)).toBeGreaterThan(0);
    expect(product.aggregateRating["@type"]).toBe("AggregateRating");
    expect(product.aggregateRating.reviewCount).toBeGreaterThan(0);
    expect(jsonLd(html).some((data) => data["@type"] === "Organization")).toBe(true);
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/wpx-es\.localhost\/images\/products\/photo-book\.svg"\/>/,
    );
    expect(title(html)).toBe("Fotolibro | WPX España");
  });

  it("prices in the brand's currency by its decimals rule", async () => {
    const html = await (await visit("/", { brand: "WPX-CZ" })).text();
    for (const price of prices(html)) expect(price).toMatch(/^od \d[\d ]* Kč$/);
  });
});

import { describe, expect, it } from "vitest";
import { sessionCookie, testEnv, visit } from "../setup/app";
import es from "@locales/es/general.json";
import pl from "@locales/pl/general.json";
import { h1, prices, title } from "./html";

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*>`, "g"))].map((match) => match[0]);

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

describe("offers, tags, reviews and about us", () => {
  it("lists current offers with their codes and recent expired ones apart", async () => {
    const html = await (await visit("/offers", { brand: "WPX-FR" })).text();
    expect(html).toContain('data-testid="offer-code">BIENVENUE10');
    expect(html).toMatch(/data-state="EXPIRED"/);
  });

  it("lists tags and a tag's products", async () => {
    const list = await (await visit("/tags-list")).text();
    expect(list).toContain('href="/t/boda"');
    const tag = await visit("/t/boda");
    expect(tag.status).toBe(200);
    expect(h1(await tag.text())).toBe("#Boda");
    expect((await visit("/t/no-such-tag")).status).toBe(404);
  });

  it("shows the average rating and filters reviews by rating", async () => {
    const all = await (await visit("/reviews", { brand: "WPX-IT" })).text();
    expect(all).toMatch(/data-testid="average">\d\.\d/);
    const fives = await (await visit("/reviews?rating=5", { brand: "WPX-IT" })).text();
    const ratings = [...fives.matchAll(/data-rating="(\d)"/g)].map((match) => match[1]);
    expect(ratings.length).toBeGreaterThan(0);
    expect(new Set(ratings)).toEqual(new Set(["5"]));
    expect(fives).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it("shows the brand's own about-us page", async () => {
    expect(h1(await (await visit("/about-us", { brand: "TZ-ES" })).text())?.length).toBeGreaterThan(3);
  });
});

describe("help centre", () => {
  it("lists the categories with their topics", async () => {
    const html = await (await visit("/help-center", { brand: "WPX-PT" })).text();
    expect((html.match(/id="help-category-\d+"/g) ?? []).length).toBe(8);
  });

  it("shows a topic by either form of its id, with related topics and FAQ data", async () => {
    const byNumber = await (await visit("/help-center/topic/90")).text();
    const topic = jsonLd(byNumber).find((data) => data["@type"] === "FAQPage") as Record<string, any>;
    expect(topic.mainEntity[0]["@type"]).toBe("Question");
    expect(links(byNumber, "canonical")[0]).toMatch(
      /href="http:\/\/wpx-es\.localhost\/help-center\/topic\/[a-z0-9-]+_90"/,
    );
    const slug = /help-center\/topic\/([a-z0-9-]+)_90"/.exec(links(byNumber, "canonical")[0]!)![1];
    expect((await visit(`/help-center/topic/${slug}_90`)).status).toBe(200);
    expect(byNumber).toContain('id="related-title"');
    expect((await visit("/help-center/topic/999")).status).toBe(404);
  });

  it("records whether a topic helped, once per visitor, without JavaScript", async () => {
    const { cookie } = await sessionCookie();
    const vote = (helpful: string) =>
      visit("/help-center/topic/25", {
        method: "POST",
        cookie,
        body: new URLSearchParams({ helpful }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    expect(text(await (await vote("no")).text())).toContain(es.help.thanks);
    await vote("yes");
    const rows = await testEnv.STORE_DB.prepare("SELECT helpful FROM help_feedback WHERE topic_id = 25").all<{
      helpful: number;
    }>();
    expect(rows.results.filter((row) => row.helpful === 1).length).toBeGreaterThanOrEqual(1);
  });

  it("shows a help category", async () => {
    expect((await visit("/help-center/category/3")).status).toBe(200);
    expect((await visit("/help-center/category/99")).status).toBe(404);
  });
});

describe("designs", () => {
  it("lists an article's designs, filterable by theme and sortable", async () => {
    const html = await (await visit("/designs/lienzo-personalizado/202")).text();
    expect(html).toContain('href="/design/');
    // Each at the price its canvas starts at.
    expect(new Set(prices(html))).toEqual(new Set(["desde 25 €"]));
    const themed = await (await visit("/designs/lienzo-personalizado/202?theme=birthday-confetti")).text();
    expect((themed.match(/href="\/design\//g) ?? []).length).toBe(1);
    expect((await visit("/designs/lienzo-personalizado/999")).status).toBe(404);
  });

  it("shows one design with its price and a link to personalise it in the creator", async () => {
    const html = await (await visit("/design/confeti-de-cumpleanos/d-202-birthday-confetti")).text();
    expect(prices(html)).toEqual(["desde 25 €"]);
    expect(html).toMatch(/href="\/create\/202\?design=d-202-birthday-confetti"/);
    expect((await visit("/design/x/d-999-nothing")).status).toBe(404);
  });
});

describe("search", () => {
  it("folds case and accents and ranks the product first", async () => {
    for (const query of ["FOTOLIBRO", "fotolíbro", "fotolib"]) {
      const html = await (await visit(`/search?query=${encodeURIComponent(query)}`)).text();
      const hits = [...html.matchAll(/data-testid="search-hit">([^<]*)</g)].map((match) => match[1]);
      expect(hits[0], query).toBe("Fotolibro");
    }
  });

  it("searches tags and descriptions in the brand's language", async () => {
    const html = await (await visit("/search?query=boda")).text();
    expect(html).toContain('href="/t/boda"');
    const polish = await (await visit(`/search?query=${encodeURIComponent("kubek")}`, { brand: "WPX-PL" })).text();
    expect(polish).toMatch(/data-testid="search-hit">[^<]*[Kk]ub/);
  });

  it("has a clear empty state", async () => {
    const html = await (await visit("/search?query=zzqxv")).text();
    expect(html).toContain('data-testid="search-empty"');
  });

  it("suggests as the shopper types, with localized links", async () => {
    const response = await visit("/en/api/search/suggest?query=mug", { brand: "WPX-ES" });
    const { items } = (await response.json()) as { items: { name: string; href: string; kind: string }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(8);
    expect(items[0]!.kind).toBe("article");
    expect(items[0]!.href).toMatch(/^\/en\//);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(((await (await visit("/api/search/suggest?query=a")).json()) as { items: unknown[] }).items).toEqual([]);
  });
});

describe("newsletter", () => {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

  it("re-renders the form with translated field errors", async () => {
    const response = await visit("/newsletter", form({ intent: "subscribe", email: "not-an-email" }));
    expect(response.status).toBe(400);
    const page = text(await response.text());
    expect(page).toContain(es.newsletter.invalidEmail);
    expect(page).toContain(es.newsletter.consentRequired);
  });

  it("subscribes with double opt-in and lets the subscriber leave with the signed link", async () => {
    const email = `ana.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const subscribed = await visit("/newsletter", {
      ...form({ intent: "subscribe", email, consent: "on" }),
      brand: "WPX-PT",
    });
    expect(subscribed.status).toBe(200);
    const mail = await testEnv.STORE_DB.prepare("SELECT subject, body_text FROM email_outbox WHERE to_address = ?")
      .bind(email)
      .first<{ subject: string; body_text: string }>();
    expect(mail?.subject).toBe("Confirme a subscrição da newsletter");
    const confirmUrl = new URL(/http:\/\/wpx-pt\.localhost\/newsletter\?token=[a-f0-9]{32}/.exec(mail!.body_text)![0]);
    const status = async () =>
      (
        await testEnv.STORE_DB.prepare("SELECT status FROM newsletter_subscribers WHERE email = ?")
          .bind(email)
          .first<{ status: string }>()
      )?.status;
    expect(await status()).toBe("PENDING");
    // Opening the link shows a confirm button; only the post confirms (mail scanners only follow links).
    expect((await visit(`${confirmUrl.pathname}${confirmUrl.search}`, { brand: "WPX-PT" })).status).toBe(200);
    expect(await status()).toBe("PENDING");
    await visit("/newsletter", {
      ...form({ intent: "confirm", token: confirmUrl.searchParams.get("token")! }),
      brand: "WPX-PT",
    });
    expect(await status()).toBe("CONFIRMED");

    const unsubscribeUrl = new URL(/http:\/\/wpx-pt\.localhost\/unsubscribe\?\S+/.exec(mail!.body_text)![0]);
    const page = await (await visit(`${unsubscribeUrl.pathname}${unsubscribeUrl.search}`, { brand: "WPX-PT" })).text();
    expect(page).toContain(email);
    const leave = () =>
      visit("/unsubscribe", { ...form(Object.fromEntries(unsubscribeUrl.searchParams)), brand: "WPX-PT" });
    expect(await (await leave()).text()).toContain('data-testid="unsubscribe-status"');
    expect(await status()).toBe("UNSUBSCRIBED");
    expect((await leave()).status).toBe(200);
  });

  it("refuses an unsubscribe link whose signature does not match", async () => {
    const html = await (await visit(`/unsubscribe?email=someone%40example.com&token=${"a".repeat(64)}`)).text();
    expect(html).toContain('data-testid="unsubscribe-invalid"');
    const forged = await visit("/unsubscribe", form({ email: "someone@example.com", token: "b".repeat(64) }));
    expect(forged.status).toBe(400);
  });

  it("shows the outbox in the local mailbox", async () => {
    const html = await (await visit("/mailbox")).text();
    expect(html).toContain('data-testid="mail"');
  });
});

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

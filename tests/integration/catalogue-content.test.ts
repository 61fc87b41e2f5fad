import { describe, expect, it } from "vitest";
import { sessionCookie, testEnv, visit } from "../setup/app";
import es from "@locales/es/general.json";
import { h1, prices } from "./html";
import { text, jsonLd, links } from "./catalogue-html";

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
    // biome-ignore lint/suspicious/noExplicitAny: JSON-LD read as a search engine reads it, whatever its shape
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

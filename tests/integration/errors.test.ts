import { describe, expect, it } from "vitest";
import { testEnv, visit } from "../setup/app";
import { errorMessage, title } from "./html";

async function errorLogged(path: string, status: number) {
  const row = await testEnv.ANALYTICS_DB.prepare(
    "SELECT level FROM log_entries WHERE message = ? ORDER BY id DESC LIMIT 1",
  )
    .bind(`HTTP ${status} GET ${path}`)
    .first<{ level: string }>();
  return row?.level ?? null;
}

describe("the 404 screen", () => {
  it("shows a translated message, a way home, the contact page and a content block", async () => {
    const response = await visit("/no/such/page", { brand: "WPX-PL" });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(title(html)).toBe("404 Not Found");
    expect(html).toContain('data-art="404"');
    expect(html).toContain("Nie możemy znaleźć tej strony");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Wróć na stronę główną<\/a>/);
    expect(html).toMatch(/<a[^>]+href="\/contact"/);
    expect(html).toContain('href="/help-center"');
    expect(errorMessage(html)).toBe("Page not found: /no/such/page");
    // The shop around it is still there.
    expect(html).toContain("<header");
    expect(html).toContain("<footer");
    expect(await errorLogged("/no/such/page", 404)).toBe("ERROR");
  });

  it("speaks the page's locale", async () => {
    const html = await (await visit("/en/no/such/page", { brand: "WPX-CZ" })).text();
    expect(html).toContain('lang="en"');
    expect(html).toContain("We can&#x27;t find this page");
    expect(html).toMatch(/href="\/en\/contact"/);
  });
});

describe("the other error screens", () => {
  it("refuses a form post from another site", async () => {
    const foreignOrigin = await visit("/offers", {
      method: "POST",
      headers: { origin: "https://evil.example" },
      brand: "WPX-IT",
    });
    expect(foreignOrigin.status).toBe(400);
    const foreignFetch = await visit("/api/log", {
      method: "POST",
      body: JSON.stringify({ level: "INFO", message: "hello" }),
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" },
    });
    expect(foreignFetch.status).toBe(403);
    const noOrigin = await visit("/api/log", {
      method: "POST",
      body: "{}",
      headers: { origin: "", "content-type": "application/json" },
    });
    expect(noOrigin.status).toBe(403);
  });

  it("shows the 400 art, 'Back to home' and 'Refresh' for a 4xx", async () => {
    // Posting to a page that takes no form is a 405.
    const response = await visit("/offers", { method: "POST", brand: "WPX-IT" });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(title(html)).toBe("500 Error");
    expect(html).toContain('data-art="400"');
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Torna alla home<\/a>/);
    expect(html).toMatch(/<a[^>]+href="\/offers"[^>]*>Aggiorna<\/a>/);
    expect(html).toContain('lang="it-IT"');
  });

  it("keeps the visitor's locale on 'Back to home'", async () => {
    const response = await visit("/en/offers", { method: "POST", brand: "WPX-IT" });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toContain('data-art="400"');
    expect(html).toMatch(/<a[^>]+href="\/en"[^>]*>Back to home<\/a>/);
    expect(html).toMatch(/<a[^>]+href="\/en\/offers"[^>]*>Refresh<\/a>/);
  });

  it("shows the 500 art when the product API fails, and logs it", async () => {
    // An article that breaks the API contract (a negative price) makes the upstream answer unusable.
    await testEnv.STORE_DB.batch([
      testEnv.STORE_DB.prepare(
        "INSERT INTO articles (id, site, slug, price, image, collection, position, popularity) VALUES (599, 'WPX-FR', 'casse', -1, '/images/products/mug.svg', NULL, 0, 99999)",
      ),
      testEnv.STORE_DB.prepare(
        "INSERT INTO article_texts (article_id, locale, name, name_plural, description) VALUES (599, 'en', 'Broken', 'Broken', 'Broken')",
      ),
    ]);
    try {
      const response = await visit("/en", { brand: "WPX-FR" });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(title(html)).toBe("500 Error");
      expect(html).toContain('data-art="500"');
      expect(html).toContain("Something went wrong on our side");
      expect(html).toMatch(/<a[^>]+href="\/en"[^>]*>Back to home<\/a>/);
      expect(html).toMatch(/<a[^>]+href="\/en"[^>]*>Refresh<\/a>/);
      expect(await errorLogged("/en", 500)).toBe("ERROR");
    } finally {
      await testEnv.STORE_DB.batch([
        testEnv.STORE_DB.prepare("DELETE FROM article_texts WHERE article_id = 599"),
        testEnv.STORE_DB.prepare("DELETE FROM articles WHERE id = 599"),
      ]);
    }
  });

  it("shows the 500 art with the proxy's message when an API call fails", async () => {
    await testEnv.STORE_DB.prepare("ALTER TABLE article_texts RENAME TO article_texts_away").run();
    try {
      const response = await visit("/en", { brand: "WPX-PT" });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain('data-art="500"');
      expect(errorMessage(html)).toBe("API Request failed /articles");
    } finally {
      await testEnv.STORE_DB.prepare("ALTER TABLE article_texts_away RENAME TO article_texts").run();
    }
  });
});

describe("build version", () => {
  it("serves the live build and its meta file", async () => {
    const latest = await visit("/builds/latest.json");
    expect(latest.status).toBe(200);
    expect(latest.headers.get("cache-control")).toContain("no-cache");
    const { id, date } = (await latest.json()) as { id: string; date: string };
    expect(id).toMatch(/^b[0-9a-z]+$/);
    expect(Number.isNaN(Date.parse(date))).toBe(false);
    const html = await (await visit("/")).text();
    expect(html).toContain(`<meta name="build-id" content="${id}"/>`);
    const meta = await visit(`/builds/meta/${id}.json`);
    expect(meta.status).toBe(200);
    expect(await meta.json()).toMatchObject({ id, date, prerendered: expect.arrayContaining(["/about-us"]) });
    expect((await visit("/builds/meta/b0ld.json")).status).toBe(404);
  });
});

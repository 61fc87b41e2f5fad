import { describe, expect, it } from "vitest";
import { testEnv } from "@test-setup/app";
import { TEST_SECRETS } from "@test-setup/secrets";

type Echo = { method: string; query: Record<string, string>; contentType: string | null; body: Record<string, string> | null; cookie: string | null };

function proxy(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return testEnv.API.fetch(new Request(`https://api-proxy.internal${path}`, {
    ...init,
    headers: { "x-ext-session-id": "ext-123", "x-brand": "WPX-ES", "x-locale": "es", ...init.headers },
  }));
}

describe("api-proxy against the real product API", () => {
  it("sends GET parameters in the query string, with ext_session_id and the bearer token", async () => {
    const response = await proxy("/echo/articles?limit=3&q=taza%20m%C3%A1gica");
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    expect(echo.method).toBe("GET");
    expect(echo.query).toEqual({ limit: "3", q: "taza mágica", ext_session_id: "ext-123" });
    expect(echo.body).toBeNull();
  });

  it.each(["POST", "DELETE"])("sends %s parameters as a URL-encoded body", async (method) => {
    const response = await proxy("/echo/cart/lines", {
      method,
      body: new URLSearchParams({ article_id: "206", quantity: "2", note: "para mamá & papá" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const echo = (await response.json()) as Echo;
    expect(echo.method).toBe(method);
    expect(echo.contentType).toBe("application/x-www-form-urlencoded");
    expect(echo.body).toEqual({ article_id: "206", quantity: "2", note: "para mamá & papá", ext_session_id: "ext-123" });
    expect(echo.query).toEqual({});
  });

  it("forwards the visitor's cookies", async () => {
    const echo = (await (await proxy("/echo", { headers: { cookie: "awc=123; utm_source=news" } })).json()) as Echo;
    expect(echo.cookie).toBe("awc=123; utm_source=news");
  });

  it("maps a failed call to 500 'API Request failed {url}' with the API error as data", async () => {
    const response = await proxy("/sites/NOPE");
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      message: "API Request failed /sites/NOPE",
      data: { error: { code: 5001, message: "Site NOPE not found" } },
      status: 404,
    });
  });

  it("returns the body of an API error with code 5004 as normal data", async () => {
    const response = await proxy("/articles?site=NOPE&locale=es");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ items: [], total: 0, error: { code: 5004, message: "No articles" } });
  });

  it("is the only door: the product API refuses calls without the token", async () => {
    const direct = await testEnv.PRODUCT_API.fetch(new Request("https://product-api.internal/sites"));
    expect(direct.status).toBe(401);
    const withToken = await testEnv.PRODUCT_API.fetch(new Request("https://product-api.internal/sites", { headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}` } }));
    expect(withToken.status).toBe(200);
  });

  it("caches anonymous catalogue answers at the edge by brand, locale, path and query", async () => {
    const path = `/articles?site=WPX-IT&locale=it&limit=${2 + Math.floor(Math.random() * 40)}`;
    const first = await proxy(path, { headers: { "x-cache-strategy": "short", "x-brand": "WPX-IT", "x-locale": "it" } });
    expect(first.headers.get("x-cache")).toBe("MISS");
    await first.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await proxy(path, { headers: { "x-cache-strategy": "short", "x-brand": "WPX-IT", "x-locale": "it", "x-ext-session-id": "someone-else" } });
    expect(second.headers.get("x-cache")).toBe("HIT");
    const uncached = await proxy(path, { headers: { "x-cache-strategy": "none", "x-brand": "WPX-IT", "x-locale": "it" } });
    expect(uncached.headers.get("x-cache")).toBeNull();
  });

  it("answers a parameter the API refuses with the mapped error", async () => {
    const response = await proxy("/articles?site=WPX-ES&locale=es&limit=500");
    expect(response.status).toBe(500);
    const body = (await response.json()) as { message: string; data: { error: { code: number } } };
    expect(body.message).toBe("API Request failed /articles");
    expect(body.data.error.code).toBe(4000);
  });
});

import { createExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { testEnv } from "@test-setup/app";
import { TEST_SECRETS } from "@test-setup/secrets";
import apiProxy from "./index";

type Echo = {
  method: string;
  query: Record<string, string>;
  contentType: string | null;
  body: Record<string, string> | null;
  cookie: string | null;
  requestId: string | null;
};

function proxy(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return testEnv.API.fetch(
    new Request(`https://api-proxy.internal${path}`, {
      ...init,
      headers: { "x-ext-session-id": "ext-123", "x-brand": "WPX-ES", "x-locale": "es", ...init.headers },
    }),
  );
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
    expect(echo.body).toEqual({
      article_id: "206",
      quantity: "2",
      note: "para mamá & papá",
      ext_session_id: "ext-123",
    });
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
    const withToken = await testEnv.PRODUCT_API.fetch(
      new Request("https://product-api.internal/sites", {
        headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}` },
      }),
    );
    expect(withToken.status).toBe(200);
  });

  it("caches anonymous catalogue answers at the edge by brand, locale, path and query", async () => {
    const path = `/articles?site=WPX-IT&locale=it&limit=${2 + Math.floor(Math.random() * 40)}`;
    const first = await proxy(path, {
      headers: { "x-cache-strategy": "short", "x-brand": "WPX-IT", "x-locale": "it" },
    });
    expect(first.headers.get("x-cache")).toBe("MISS");
    await first.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await proxy(path, {
      headers: {
        "x-cache-strategy": "short",
        "x-brand": "WPX-IT",
        "x-locale": "it",
        "x-ext-session-id": "someone-else",
      },
    });
    expect(second.headers.get("x-cache")).toBe("HIT");
    const uncached = await proxy(path, {
      headers: { "x-cache-strategy": "none", "x-brand": "WPX-IT", "x-locale": "it" },
    });
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

describe("api-proxy's request id", () => {
  afterEach(() => vi.restoreAllMocks());

  it("forwards its caller's id to the product API unchanged, and answers it back", async () => {
    const response = await proxy("/echo/articles", { headers: { [REQUEST_ID_HEADER]: "8f1e2d3c4b5a6978-CDG" } });
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("8f1e2d3c4b5a6978-CDG");
    expect(((await response.json()) as Echo).requestId).toBe("8f1e2d3c4b5a6978-CDG");
  });

  it("replaces a malformed id (or none) with its own, and forwards that one", async () => {
    for (const sent of ["not an id", "x".repeat(65), '{"level":"ERROR"}', null]) {
      const response = await proxy("/echo/articles", { headers: sent === null ? {} : { [REQUEST_ID_HEADER]: sent } });
      const own = response.headers.get(REQUEST_ID_HEADER);
      expect(own).toMatch(/^[0-9a-f-]{36}$/);
      expect(own).not.toBe(sent);
      expect(((await response.json()) as Echo).requestId).toBe(own);
    }
  });

  it("sends it to UPSTREAM_URL over the internet too", async () => {
    const sent: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      sent.push(new Request(input, init));
      return Response.json({ ok: true });
    });
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const env = { API_TOKEN: "token", UPSTREAM_URL: "https://api.example.com", UPSTREAM: testEnv.API };
    const response = await apiProxy.fetch(
      new Request("https://api-proxy.internal/sites", { headers: { [REQUEST_ID_HEADER]: "ray-over-the-internet" } }),
      env,
      createExecutionContext(),
    );
    expect(response.status).toBe(200);
    expect(sent.map((request) => [request.url, request.headers.get(REQUEST_ID_HEADER)])).toEqual([
      ["https://api.example.com/sites?ext_session_id=", "ray-over-the-internet"],
    ]);
  });

  it("logs a failure with its stack, and answers it without the stack or the path", async () => {
    const lines: Record<string, unknown>[] = [];
    const keep = (text: unknown) => void lines.push(JSON.parse(String(text)) as Record<string, unknown>);
    vi.spyOn(console, "log").mockImplementation(keep);
    vi.spyOn(console, "error").mockImplementation(keep);
    const exploding = { fetch: () => Promise.reject(new Error("the upstream binding exploded")) } as unknown as Fetcher;
    const env = { API_TOKEN: "token", UPSTREAM_URL: "", UPSTREAM: exploding };
    const request = new Request("https://api-proxy.internal/sites/secret-path?email=ana%40example.com", {
      headers: { [REQUEST_ID_HEADER]: "req-exploded" },
    });
    const response = await apiProxy.fetch(request, env, createExecutionContext());
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { code: "internal", message: "Internal error" } });
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("req-exploded");
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      "ERROR api-proxy failed",
      "ERROR HTTP 500 GET /sites/secret-path",
    ]);
    expect(lines[0]).toMatchObject({
      worker: "api-proxy",
      requestId: "req-exploded",
      error: {
        name: "Error",
        message: "the upstream binding exploded",
        stack: expect.stringContaining("api-proxy.test.ts"),
      },
    });
    expect(JSON.stringify(lines)).not.toContain("example.com");
  });
});

import { createMessageBatch } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadResultSchema } from "@contract/api/uploads";
import { Logger } from "@contract/observability/log";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { z } from "zod";
import { handleAnalyticsQueue } from "~/lib/analytics/consumer.server";
import { HIT_LINES_ONE_IN, storefrontLogs } from "~/lib/log/request-log.server";
import { parseConfig } from "~/lib/request/context/config.server";
import { apiContext } from "~/lib/request/context/keys";
import { createRequestContext } from "~/lib/request/context/request-context.server";
import { pageMessage } from "../setup/analytics";
import { hostOf, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { TEST_SECRETS } from "../setup/secrets";
import { JPEG_800X600, sampleBytes } from "../setup/upload-samples";

// The storefront's log lines (docs/decisions/0033) and its request id on the way to the internal workers. The app
// worker runs in this isolate, so its console is the test's; the product API's side is read through its echo.

type Line = Record<string, unknown> & { level: string; message: string; requestId: string };

/** Every JSON line the storefront writes from now on (the spies are undone after each test). */
function linesWritten(): Line[] {
  const lines: Line[] = [];
  const keep = (text: unknown) => {
    if (typeof text === "string" && text.startsWith("{")) lines.push(JSON.parse(text) as Line);
  };
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  return lines;
}

/** The one request line of a request id. */
function requestLine(lines: Line[], requestId: string) {
  const found = lines.filter((line) => line.requestId === requestId && line.message.startsWith("HTTP "));
  expect(found, requestId).toHaveLength(1);
  return found[0]!;
}

const ray = () => `${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}-MAD`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Through the operator door to the product API's echo: what the product API received, as the storefront sent it on. */
async function echoThroughTheStorefront(headers: Record<string, string>, query = "") {
  const response = await visit(`/api/operator/echo/ping${query}`, {
    headers: { origin: "", authorization: `Bearer ${TEST_SECRETS.apiToken}`, ...headers },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { requestId: string | null; query: Record<string, string> };
}

afterEach(() => vi.restoreAllMocks());

describe("the storefront's request id", () => {
  it("is Cloudflare's cf-ray, and reaches api-proxy and the product API unchanged", async () => {
    const lines = linesWritten();
    const id = ray();
    const echo = await echoThroughTheStorefront({ "cf-ray": id }, "?email=ana%40example.com");
    expect(echo.query.email).toBe("ana@example.com");
    expect(echo.requestId).toBe(id);
    expect(requestLine(lines, id)).toMatchObject({
      level: "INFO",
      message: "HTTP 200 GET /api/operator/echo/ping",
      route: "routes/api.operator",
      path: "/api/operator/echo/ping",
    });
    expect(JSON.stringify(lines)).not.toContain("example.com");
  });

  it("is never one the browser sent: without cf-ray the storefront makes its own, and sends that on", async () => {
    const lines = linesWritten();
    const echo = await echoThroughTheStorefront({ [REQUEST_ID_HEADER]: "chosen-by-the-browser" });
    expect(echo.requestId).not.toBe("chosen-by-the-browser");
    expect(echo.requestId).toMatch(UUID);
    requestLine(lines, echo.requestId!);
    expect(lines.some((line) => line.requestId === "chosen-by-the-browser")).toBe(false);
  });

  it("goes with every product-API call the pages make (the one client, built with the request context)", async () => {
    const id = ray();
    const request = new Request(`${hostOf("WPX-ES")}/cart`, { headers: { "cf-ray": id } });
    const executionContext = {
      waitUntil: () => undefined,
      passThroughOnException: () => undefined,
      props: {},
    } as unknown as ExecutionContext;
    const config = parseConfig(testEnv as unknown as Record<string, unknown>);
    const context = await createRequestContext(
      request,
      testEnv,
      executionContext,
      config,
      "test-nonce",
      storefrontLogs({}, {}, undefined).request(request),
    );
    const echo = await context.get(apiContext).get("/echo/cart", {}, z.object({ requestId: z.string().nullable() }));
    expect(echo.requestId).toBe(id);
  });

  it("replaces a cf-ray that is not well-formed", async () => {
    const echo = await echoThroughTheStorefront({ "cf-ray": "not a ray" });
    expect(echo.requestId).toMatch(UUID);
  });

  it("goes to the build-version worker too, which answers it back", async () => {
    const id = ray();
    const latest = await visit("/builds/latest.json", { headers: { "cf-ray": id } });
    expect(latest.status).toBe(200);
    expect(latest.headers.get(REQUEST_ID_HEADER)).toBe(id);
  });

  it("goes to the uploads worker too, which answers it back", async () => {
    const body = new FormData();
    body.set(
      "img",
      new File([sampleBytes(JPEG_800X600) as Uint8Array<ArrayBuffer>], "photo.jpg", { type: "image/jpeg" }),
    );
    const stored = await visit("/images/upload", { method: "POST", body });
    const { url } = uploadResultSchema.parse(await stored.json());
    const id = ray();
    const read = await visit(url, { cookie: sessionCookieFrom(stored)!, headers: { "cf-ray": id } });
    expect(read.status).toBe(200);
    expect(read.headers.get(REQUEST_ID_HEADER)).toBe(id);
    await read.arrayBuffer();
  });
});

describe("the storefront's line of a request", () => {
  it("says the brand, the route, the status, the time taken, the request id and the deployed version, never the query", async () => {
    const lines = linesWritten();
    const id = ray();
    const response = await visit("/search?query=ana%40example.com", { brand: "WPX-PL", headers: { "cf-ray": id } });
    expect(response.status).toBe(200);
    await response.text();
    expect(requestLine(lines, id)).toEqual({
      level: "INFO",
      message: "HTTP 200 GET /search",
      worker: "storefront",
      environment: "local",
      requestId: id,
      method: "GET",
      path: "/search",
      status: 200,
      durationMs: expect.any(Number),
      brand: "WPX-PL",
      route: "search",
      cache: expect.toBeOneOf([null, "MISS"]),
      version: testEnv.CF_VERSION_METADATA.id,
    });
    expect(JSON.stringify(lines)).not.toContain("example.com");
  });

  it("names the route React Router matched, by its id", async () => {
    const lines = linesWritten();
    const expected: [path: string, brand: "WPX-ES" | "WPX-DK", route: string][] = [
      ["/", "WPX-ES", "home"],
      ["/en", "WPX-ES", "home.en"],
      ["/cart", "WPX-ES", "cart"],
      ["/en/cart", "WPX-DK", "cart.lang"],
      ["/cart.data", "WPX-ES", "cart"],
      ["/_.data", "WPX-ES", "home"],
      ["/fotolibro", "WPX-ES", "slug"],
      ["/help-center/topic/1", "WPX-ES", "help-topic"],
      ["/no/such/page", "WPX-ES", "not-found"],
      ["/xx/cart", "WPX-ES", "cart.lang"],
      ["/api/session", "WPX-ES", "routes/api.session"],
      ["/robots.txt", "WPX-ES", "routes/robots"],
    ];
    for (const [path, brand, route] of expected) {
      const id = ray();
      await (await visit(path, { brand, headers: { "cf-ray": id } })).arrayBuffer();
      expect(requestLine(lines, id).route, path).toBe(route);
    }
  });

  it("of a page served from the page cache: one hit in ten writes it, naming the brand and route its render had", async () => {
    const lines = linesWritten();
    const path = `/offers?cache-log=${crypto.randomUUID().slice(0, 8)}`;
    const first = ray();
    await (await visit(path, { brand: "WPX-IT", headers: { "cf-ray": first } })).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestLine(lines, first)).toMatchObject({ brand: "WPX-IT", route: "offers", cache: "MISS" });
    const hits = Array.from({ length: 2 * HIT_LINES_ONE_IN }, ray);
    for (const id of hits) {
      const cached = await visit(path, { brand: "WPX-IT", headers: { "cf-ray": id } });
      await cached.arrayBuffer();
      expect(cached.headers.get("x-page-cache"), id).toBe("HIT");
    }
    const written = lines.filter((line) => hits.includes(line.requestId) && line.message.startsWith("HTTP "));
    expect(written).toHaveLength(2);
    for (const line of written)
      expect(line).toMatchObject({
        brand: "WPX-IT",
        route: "offers",
        cache: "HIT",
        status: 200,
        sampled: HIT_LINES_ONE_IN,
      });
    // Ten hits in a row hold exactly one line, wherever the isolate's count stood.
    const at = written.map((line) => hits.indexOf(line.requestId));
    expect(at[1]! - at[0]!).toBe(HIT_LINES_ONE_IN);
  });

  it("of a failure is at ERROR and keeps 'HTTP 500'; the error's stack is in its own line, never in the page", async () => {
    // An article that breaks the API contract (a negative price) makes the upstream answer unusable.
    await testEnv.STORE_DB.batch([
      testEnv.STORE_DB.prepare(
        "INSERT INTO articles (id, site, slug, price, image, collection, position, popularity) VALUES (598, 'WPX-PT', 'partida', -1, '/images/products/mug.svg', NULL, 0, 99999)",
      ),
      testEnv.STORE_DB.prepare(
        "INSERT INTO article_texts (article_id, locale, name, name_plural, description) VALUES (598, 'en', 'Broken', 'Broken', 'Broken')",
      ),
    ]);
    try {
      const lines = linesWritten();
      const id = ray();
      const response = await visit("/en?email=ana%40example.com", { brand: "WPX-PT", headers: { "cf-ray": id } });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(requestLine(lines, id)).toMatchObject({
        level: "ERROR",
        message: "HTTP 500 GET /en",
        status: 500,
        route: "home.en",
        brand: "WPX-PT",
      });
      const failure = lines.find(
        (line) => line.requestId === id && line.level === "ERROR" && !line.message.startsWith("HTTP "),
      );
      expect(failure?.error).toMatchObject({ name: "ZodError", stack: expect.stringContaining("too_small") });
      expect(html).toContain("Unexpected Server Error");
      for (const detail of ["ZodError", "too_small"]) expect(html).not.toContain(detail);
    } finally {
      await testEnv.STORE_DB.batch([
        testEnv.STORE_DB.prepare("DELETE FROM article_texts WHERE article_id = 598"),
        testEnv.STORE_DB.prepare("DELETE FROM articles WHERE id = 598"),
      ]);
    }
  });
});

describe("the storefront's queue consumer", () => {
  it("writes a line for each batch: how many were stored, how many wait for a retry", async () => {
    const lines = linesWritten();
    const brand = `L-${crypto.randomUUID().slice(0, 8)}`;
    const batch = createMessageBatch(
      "storefront-page-events",
      [1, 2].map((n) => ({
        id: `log-${n}-${brand}`,
        timestamp: new Date(),
        attempts: 1,
        body: pageMessage({ brand }),
      })),
    );
    await handleAnalyticsQueue(batch, testEnv, new Logger("storefront", {}, "queue-run-1"));
    expect(lines).toEqual([
      {
        level: "INFO",
        message: "Analytics events stored: 2 of 2",
        worker: "storefront",
        environment: "local",
        requestId: "queue-run-1",
        queue: "storefront-page-events",
        messages: 2,
        retried: 0,
      },
    ]);
  });
});

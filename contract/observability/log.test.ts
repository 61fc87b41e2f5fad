import { afterEach, describe, expect, it, vi } from "vitest";
import { Logger, pathOf } from "./log";
import { requestIdFrom } from "./request-id";

/** What the logger wrote, each line parsed, with the console it went to. */
function written() {
  const lines: { to: "log" | "error"; line: Record<string, unknown>; text: string }[] = [];
  const keep = (to: "log" | "error") => (text: unknown) =>
    void lines.push({ to, line: JSON.parse(String(text)) as Record<string, unknown>, text: String(text) });
  vi.spyOn(console, "log").mockImplementation(keep("log"));
  vi.spyOn(console, "error").mockImplementation(keep("error"));
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("a log line", () => {
  it("is one JSON object: level, message, worker, environment and request id first, then its fields", () => {
    const lines = written();
    new Logger("uploads", { ENVIRONMENT: "production" }, "req-1").line("WARN", "Quota nearly used", {
      owner: "session",
      files: 498,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.to).toBe("log");
    expect(
      lines[0]!.text.startsWith(
        '{"level":"WARN","message":"Quota nearly used","worker":"uploads","environment":"production","requestId":"req-1",',
      ),
    ).toBe(true);
    expect(lines[0]!.line).toEqual({
      level: "WARN",
      message: "Quota nearly used",
      worker: "uploads",
      environment: "production",
      requestId: "req-1",
      owner: "session",
      files: 498,
    });
    expect(lines[0]!.text).not.toContain("\n");
  });

  it("says local where the worker has no ENVIRONMENT", () => {
    const lines = written();
    new Logger("api-proxy", {}, "req-2").line("INFO", "hello");
    new Logger("api-proxy", undefined, "req-3").line("DEBUG", "hello");
    expect(lines.map(({ line }) => line.environment)).toEqual(["local", "local"]);
  });

  it("goes through console.error at ERROR, console.log otherwise", () => {
    const lines = written();
    const log = new Logger("storefront", {}, "req-4");
    for (const level of ["DEBUG", "INFO", "WARN", "ERROR"] as const) log.line(level, level);
    expect(lines.map(({ to, line }) => `${line.level}:${to}`)).toEqual([
      "DEBUG:log",
      "INFO:log",
      "WARN:log",
      "ERROR:error",
    ]);
  });

  it("carries a failure's name, message and stack", () => {
    const lines = written();
    const log = new Logger("product-api", {}, "req-5");
    const error = new TypeError("boom");
    log.failure("Handler failed", error, { table: "carts" });
    log.failure("Handler failed", { status: 405, statusText: "Method Not Allowed" });
    expect(lines[0]!.to).toBe("error");
    expect(lines[0]!.line).toMatchObject({
      level: "ERROR",
      message: "Handler failed",
      table: "carts",
      error: { name: "TypeError", message: "boom", stack: error.stack },
    });
    expect(String((lines[0]!.line.error as { stack: string }).stack)).toContain("log.test.ts");
    expect(lines[1]!.line.error).toEqual({
      name: "Object",
      message: '{"status":405,"statusText":"Method Not Allowed"}',
    });
  });

  it("leaves out what is below the worker's LOG_LEVEL", () => {
    const lines = written();
    const log = new Logger("uploads", { LOG_LEVEL: "WARN" }, "req-6");
    log.line("INFO", "quiet");
    log.request({ method: "GET", url: "https://uploads.internal/x" }, 200);
    log.request({ method: "GET", url: "https://uploads.internal/x" }, 404);
    log.failure("loud", new Error("x"));
    expect(lines.map(({ line }) => line.message)).toEqual(["HTTP 404 GET /x", "loud"]);
  });
});

describe("a request's line", () => {
  it("says method, path, status and duration, at a level by its status", () => {
    const lines = written();
    const log = new Logger("api-proxy", { ENVIRONMENT: "staging" }, "req-7");
    log.request({ method: "POST", url: "https://api-proxy.internal/carts/lines" }, 200);
    log.request({ method: "GET", url: "https://api-proxy.internal/sites/NOPE" }, 404);
    log.request({ method: "GET", url: "https://api-proxy.internal/articles" }, 503, { upstream: "product-api" });
    expect(lines.map(({ line }) => line)).toEqual([
      {
        level: "INFO",
        message: "HTTP 200 POST /carts/lines",
        worker: "api-proxy",
        environment: "staging",
        requestId: "req-7",
        method: "POST",
        path: "/carts/lines",
        status: 200,
        durationMs: expect.any(Number),
      },
      {
        level: "WARN",
        message: "HTTP 404 GET /sites/NOPE",
        worker: "api-proxy",
        environment: "staging",
        requestId: "req-7",
        method: "GET",
        path: "/sites/NOPE",
        status: 404,
        durationMs: expect.any(Number),
      },
      {
        level: "ERROR",
        message: "HTTP 503 GET /articles",
        worker: "api-proxy",
        environment: "staging",
        requestId: "req-7",
        method: "GET",
        path: "/articles",
        status: 503,
        durationMs: expect.any(Number),
        upstream: "product-api",
      },
    ]);
    expect(lines[2]!.to).toBe("error");
    expect(lines.every(({ line }) => (line.durationMs as number) >= 0)).toBe(true);
  });

  it("never carries the query string or the fragment: they can hold e-mails and tokens", () => {
    const lines = written();
    new Logger("storefront", {}, "req-8").request(
      { method: "GET", url: "https://wpx.es/login/password-reset?token=s3cr3t&email=ana%40example.com#top" },
      200,
    );
    expect(lines[0]!.line).toMatchObject({
      message: "HTTP 200 GET /login/password-reset",
      path: "/login/password-reset",
    });
    for (const secret of ["s3cr3t", "ana", "example.com", "token", "#top"])
      expect(lines[0]!.text).not.toContain(secret);
  });
});

describe("pathOf", () => {
  it("takes the path of a URL or of a path, without query or fragment", () => {
    expect(pathOf("https://wpx.es/cart?x=1")).toBe("/cart");
    expect(pathOf("https://wpx.es")).toBe("/");
    expect(pathOf("https://wpx.es?email=a@b.c")).toBe("/");
    expect(pathOf("https://wpx.es#a/b")).toBe("/");
    expect(pathOf("http://localhost:8787/a/b.data?_routes=root")).toBe("/a/b.data");
    expect(pathOf("/tracking/T1?email=a@b.c")).toBe("/tracking/T1");
    expect(pathOf("/x#frag?not-a-query")).toBe("/x");
    expect(pathOf(`https://wpx.es/${"a".repeat(5000)}`)).toHaveLength(1024);
  });
});

describe("requestIdFrom", () => {
  const MADE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("keeps a well-formed id", () => {
    for (const id of ["8f1e2d3c4b5a6978-CDG", "a", "abc.DEF_123-x", "x".repeat(64)]) expect(requestIdFrom(id)).toBe(id);
  });

  it("makes a new one for none, or for one that is too long or has anything but letters, digits, dot, dash and underscore", () => {
    const refused = [
      null,
      undefined,
      "",
      "x".repeat(65),
      "has space",
      'quote"d',
      "new\nline",
      "<script>",
      "ré",
      "a/b",
      '{"level":"ERROR"}',
    ];
    const made = refused.map((id) => requestIdFrom(id));
    for (const id of made) expect(id).toMatch(MADE);
    expect(new Set(made).size).toBe(refused.length);
  });
});

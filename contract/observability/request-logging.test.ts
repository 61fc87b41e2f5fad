import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "./log";
import { REQUEST_ID_HEADER } from "./request-id";
import { requestLogging } from "./request-logging";

// The internal workers' middleware on a real Hono app (a test may import Hono: the contract itself does not).

type Lines = Record<string, unknown>[];
function written(): Lines {
  const lines: Lines = [];
  const keep = (text: unknown) => void lines.push(JSON.parse(String(text)) as Record<string, unknown>);
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  return lines;
}

afterEach(() => vi.restoreAllMocks());

const app = new Hono<{ Bindings: { ENVIRONMENT?: string }; Variables: { log: Logger } }>()
  .use(requestLogging("test-worker"))
  .get("/fine", (c) => c.json({ requestId: c.get("log").requestId }))
  .get("/raw", () => new Response("raw", { headers: { "x-kept": "yes" } }))
  .get("/refused", (c) => c.json({ error: "no" }, 409))
  .get("/broken", () => {
    throw new Error("the handler broke");
  })
  .onError((error, c) => {
    c.get("log").failure("test-worker failed", error);
    return c.json({ error: "Internal error" }, 500);
  });

const call = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers }, { ENVIRONMENT: "staging" });

describe("requestLogging", () => {
  it("takes the caller's well-formed id, keeps it for the handlers, answers it back, and writes one line without the query", async () => {
    const lines = written();
    const response = await call("/fine?email=ana%40example.com", { [REQUEST_ID_HEADER]: "cf-ray-123" });
    expect(await response.json()).toEqual({ requestId: "cf-ray-123" });
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("cf-ray-123");
    expect(lines).toEqual([
      {
        level: "INFO",
        message: "HTTP 200 GET /fine",
        worker: "test-worker",
        environment: "staging",
        requestId: "cf-ray-123",
        method: "GET",
        path: "/fine",
        status: 200,
        durationMs: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain("ana");
  });

  it("replaces a malformed id, and answers the one it used instead", async () => {
    const lines = written();
    for (const bad of ["not ok", "x".repeat(65), "<b>"]) {
      const response = await call("/fine", { [REQUEST_ID_HEADER]: bad });
      const { requestId } = (await response.json()) as { requestId: string };
      expect(requestId).not.toBe(bad);
      expect(requestId).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
      expect(response.headers.get(REQUEST_ID_HEADER)).toBe(requestId);
      expect(lines.at(-1)!.requestId).toBe(requestId);
    }
  });

  it("makes an id when none came, and answers it on a response the handler made itself", async () => {
    written();
    const response = await call("/raw");
    expect(response.headers.get("x-kept")).toBe("yes");
    expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.text()).toBe("raw");
  });

  it("writes WARN for the caller's mistake and ERROR for a failure, whose stack stays in the log and out of the answer", async () => {
    const lines = written();
    expect((await call("/refused")).status).toBe(409);
    expect((await call("/nowhere")).status).toBe(404);
    const broken = await call("/broken", { [REQUEST_ID_HEADER]: "req-broken" });
    expect(broken.status).toBe(500);
    const body = await broken.text();
    expect(body).toBe('{"error":"Internal error"}');
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      "WARN HTTP 409 GET /refused",
      "WARN HTTP 404 GET /nowhere",
      "ERROR test-worker failed",
      "ERROR HTTP 500 GET /broken",
    ]);
    const failure = lines[2]!;
    expect(failure).toMatchObject({
      requestId: "req-broken",
      error: { name: "Error", message: "the handler broke", stack: expect.stringContaining("request-logging.test.ts") },
    });
    expect(body).not.toContain("request-logging.test.ts");
  });
});

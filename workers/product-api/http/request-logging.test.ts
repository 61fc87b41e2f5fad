import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { testEnv } from "@test-setup/app";
import { TEST_SECRETS } from "@test-setup/secrets";
import worker, { productApi } from "../index";

// The product API's request id and log lines (docs/decisions/0033): the caller's id when well-formed, else its own,
// answered back; a failure's stack in its log line, never in its answer.

const authorized = (headers: Record<string, string> = {}) => ({
  headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}`, ...headers },
});

afterEach(() => vi.restoreAllMocks());

describe("the product API's request id", () => {
  it("is its caller's when well-formed, answered back", async () => {
    const response = await testEnv.PRODUCT_API.fetch(
      "https://product-api.internal/echo/x",
      authorized({ [REQUEST_ID_HEADER]: "from-the-proxy.1" }),
    );
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("from-the-proxy.1");
    expect(await response.json()).toMatchObject({ requestId: "from-the-proxy.1" });
  });

  it("is its own when the caller's is malformed or missing, the refused calls included", async () => {
    for (const [sent, status] of [
      ["two words", 200],
      ["a/b", 200],
      [null, 200],
      ["bad id", 401],
    ] as const) {
      const headers: Record<string, string> = sent === null ? {} : { [REQUEST_ID_HEADER]: sent };
      const response = await testEnv.PRODUCT_API.fetch(
        "https://product-api.internal/echo/x",
        status === 401 ? { headers } : authorized(headers),
      );
      expect(response.status).toBe(status);
      expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("is reflected by the echo behind the operator door only where development endpoints are exposed", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const call = (exposed: string) =>
      productApi.request("/operator/echo/x", authorized({ [REQUEST_ID_HEADER]: "op-1" }), {
        STORE_DB: testEnv.STORE_DB,
        API_TOKEN: TEST_SECRETS.apiToken,
        EXPOSE_DEV_ENDPOINTS: exposed,
      });
    expect((await call("false")).status).toBe(404);
    expect(await (await call("true")).json()).toMatchObject({ path: "/operator/echo/x", requestId: "op-1" });
  });
});

/** Every JSON line written from now on (the product API below runs in this isolate). */
function linesWritten() {
  const lines: Record<string, unknown>[] = [];
  const keep = (text: unknown) => void lines.push(JSON.parse(String(text)) as Record<string, unknown>);
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  return lines;
}

describe("the product API's scheduled retries", () => {
  const run = async (db: D1Database) => {
    const ctx = createExecutionContext();
    worker.scheduled(
      createScheduledController(),
      { STORE_DB: db, API_TOKEN: "", EXPOSE_DEV_ENDPOINTS: "false", AFFILIATE_NETWORK: "sandbox" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
  };

  it("write what became of the conversions due, under an id of their own", async () => {
    const lines = linesWritten();
    const nothingDue = {
      prepare: () => ({ bind: () => ({ all: async () => ({ results: [] }) }) }),
    } as unknown as D1Database;
    await run(nothingDue);
    expect(lines).toEqual([
      {
        level: "INFO",
        message: "Affiliate conversions retried",
        worker: "product-api",
        environment: "local",
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        reported: 0,
        retrying: 0,
        failed: 0,
        skipped: 0,
      },
    ]);
  });

  it("write their failure at ERROR, with its stack", async () => {
    const lines = linesWritten();
    await run(
      new Proxy(
        {},
        {
          get: () => {
            throw new Error("the database is down");
          },
        },
      ) as D1Database,
    );
    expect(lines).toMatchObject([
      {
        level: "ERROR",
        message: "Affiliate conversions not retried",
        error: { message: "the database is down", stack: expect.stringContaining("request-logging.test.ts") },
      },
    ]);
  });
});

describe("a failure in the product API", () => {
  it("is logged at ERROR with its stack, and answered in the API's error shape without it", async () => {
    const lines = linesWritten();
    const downDatabase = new Proxy(
      {},
      {
        get: () => {
          throw new Error("the database is down");
        },
      },
    ) as D1Database;
    const env = {
      STORE_DB: downDatabase,
      API_TOKEN: TEST_SECRETS.apiToken,
      EXPOSE_DEV_ENDPOINTS: "false",
      AFFILIATE_NETWORK: "sandbox",
      ENVIRONMENT: "production",
    };
    const response = await productApi.request(
      "/sites?token=s3cr3t",
      authorized({ [REQUEST_ID_HEADER]: "req-down" }),
      env,
    );
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ error: { code: 5000, message: "Internal error" } });
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe("req-down");
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      "ERROR product-api failed",
      "ERROR HTTP 500 GET /sites",
    ]);
    expect(lines[0]).toMatchObject({
      worker: "product-api",
      environment: "production",
      requestId: "req-down",
      error: { message: "the database is down", stack: expect.stringContaining("request-logging.test.ts") },
    });
    expect(JSON.stringify(lines)).not.toContain("s3cr3t");
  });
});

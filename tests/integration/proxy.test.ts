import { describe, expect, it } from "vitest";
import { ProductApiClient } from "~/lib/product-api/client";
import { articleListSchema, siteSchema } from "@contract/api/catalogue";
import { testEnv, visit } from "../setup/app";

describe("the product API client", () => {
  const client = (clientCallsEnabled = false) =>
    new ProductApiClient({
      transport: (request) => testEnv.API.fetch(request),
      brand: "WPX-PL",
      locale: "pl",
      extSessionId: "ext-9",
      cacheable: true,
      clientCallsEnabled,
    });

  it("validates answers with the contract", async () => {
    const list = await client().get("/articles", { site: "WPX-PL", locale: "pl", limit: 2 }, articleListSchema);
    expect(list.items).toHaveLength(2);
    expect(list.items[0]!.currency).toBe("PLN");
  });

  it("throws a ProductApiError with the proxy's message, the API's status and its error", async () => {
    const failure = await client().get("/sites/NOPE", {}, siteSchema).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: "ProductApiError", message: "API Request failed /sites/NOPE", path: "/sites/NOPE", status: 404, code: 5001, body: { error: { code: 5001 } } });
  });

  it("refuses to call from the browser while client-side calls are disabled", async () => {
    const global = globalThis as { document?: unknown };
    global.document = {};
    try {
      await expect(client(false).get("/sites", {}, siteSchema)).rejects.toThrow("Client-side API requests are disabled");
    } finally {
      delete global.document;
    }
  });
});

describe("the browser's door to the product API", () => {
  it("is closed while client-side calls are disabled", async () => {
    const response = await visit("/api/proxy/sites");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Client-side API requests are disabled" });
  });
});

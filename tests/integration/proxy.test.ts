import { describe, expect, it } from "vitest";
import { ProductApiClient } from "~/lib/product-api/client";
import { articleListSchema, siteSchema } from "@contract/api/catalogue";
import { parseConfig } from "~/lib/request/config.server";
import { createRequestContext } from "~/lib/request/request-context.server";
import { loader as browserProxy } from "~/routes/api.proxy";
import { accountIn, masterIn } from "../setup/accounts";
import { orderPlacedBy } from "../setup/account-orders";
import { hostOf, testEnv, visit } from "../setup/app";

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

  it("where it is open, never passes on a call about an account, whatever account or customer id the browser names", async () => {
    const master = await masterIn();
    const shopper = await accountIn();
    const { publicId } = await orderPlacedBy(shopper, { paymentStatus: "PAID" });
    const config = parseConfig({ ...(testEnv as unknown as Record<string, unknown>), CLIENT_API_REQUESTS: "true" });
    const executionContext = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
    const ask = async (path: string) => {
      const request = new Request(`${hostOf("WPX-ES")}/api/proxy/${path}`);
      const context = await createRequestContext(request, testEnv, executionContext, config, "test-nonce");
      return browserProxy({ request, context, params: { "*": new URL(request.url).pathname.slice("/api/proxy/".length) } } as unknown as Parameters<typeof browserProxy>[0]);
    };
    expect((await ask("sites")).status).toBe(200);
    const as = (account: { id: string }) => `site=WPX-ES&account_id=${account.id}`;
    const refused = [
      `accounts/${shopper.id}?site=WPX-ES`, `Accounts/${shopper.id}/profile?site=WPX-ES`, `tickets?${as(shopper)}`, `orders?${as(shopper)}`,
      `orders/${publicId}?customer_id=${shopper.id}`, `invoices?${as(shopper)}`, `groups/config?${as(master)}`, `groups/staff?${as(master)}`,
      `commissions?${as(master)}`, `designs/saved?${as(master)}&locale=es`, `designs/group?${as(master)}&locale=es`, `help/topics?locale=es&account_id=${shopper.id}`,
      `tracking/${publicId}`, "operator/orders", "creator/designs?site=WPX-ES", "creator/designs/cd_aaaaaaaaaaaaaaaaaaaa?site=WPX-ES",
    ];
    for (const path of refused) {
      const response = await ask(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(publicId);
    }
  });
});

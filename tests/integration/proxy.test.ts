import { afterEach, describe, expect, it, vi } from "vitest";
import { ProductApiClient } from "~/lib/product-api/client";
import { articleListSchema, siteSchema } from "@contract/api/catalogue";
import { storefrontLogs } from "~/lib/log/request-log.server";
import { parseConfig } from "~/lib/request/context/config.server";
import { createRequestContext } from "~/lib/request/context/request-context.server";
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
    const failure = await client()
      .get("/sites/NOPE", {}, siteSchema)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      name: "ProductApiError",
      message: "API Request failed /sites/NOPE",
      path: "/sites/NOPE",
      status: 404,
      code: 5001,
      body: { error: { code: 5001 } },
    });
  });

  describe("a catalogue answer kept in the isolate, past its time", () => {
    afterEach(() => vi.restoreAllMocks());
    const MINUTE = 60_000;
    /**
     * A client that counts its calls to the proxy and can hold them until `release()`; `refreshes` are its background
     * work.
     */
    const counting = (withWaitUntil = true) => {
      const refreshes: Promise<unknown>[] = [];
      const counts = { calls: 0 };
      let held: Promise<void> | null = null;
      let release = () => {};
      const api = new ProductApiClient({
        transport: async (request) => {
          counts.calls++;
          if (held !== null) await held;
          return testEnv.API.fetch(request);
        },
        brand: "WPX-PL",
        locale: "pl",
        extSessionId: "ext-swr",
        cacheable: true,
        clientCallsEnabled: false,
        ...(withWaitUntil ? { waitUntil: (promise: Promise<unknown>) => void refreshes.push(promise) } : {}),
      });
      const hold = () => {
        held = new Promise<void>((resolve) => {
          release = () => {
            held = null;
            resolve();
          };
        });
      };
      return { api, counts, refreshes, hold, release: () => release() };
    };
    // Each test asks its own answer (a limit of its own), as the isolate's memory outlives a test.
    const articles = (api: ProductApiClient, limit: number) =>
      api.get("/articles", { site: "WPX-PL", locale: "pl", limit }, articleListSchema, "short");
    const at = (time: number) => vi.spyOn(Date, "now").mockReturnValue(time);

    it("is served at once while one request fetches it afresh, and the fresh one is kept", async () => {
      const start = Date.now();
      const { api, counts, refreshes, hold, release } = counting();
      const first = await articles(api, 3);
      expect(counts.calls).toBe(1);

      at(start + MINUTE + 1_000);
      hold();
      // The product API is held, so these answers cannot come from it: the kept answer, while one refresh runs.
      const during = await Promise.all([articles(api, 3), articles(api, 3), articles(api, 3)]);
      expect(during.every((answer) => answer === first)).toBe(true);
      expect(counts.calls).toBe(2);
      expect(refreshes).toHaveLength(1);
      release();
      await Promise.all(refreshes);

      const after = await articles(api, 3);
      expect(after).not.toBe(first);
      expect(after).toEqual(first);
      expect(counts.calls).toBe(2);
    });

    it("is fetched before answering once it is over 30 s past its time, or when the request cannot work after its answer", async () => {
      const start = Date.now();
      const late = counting();
      await articles(late.api, 4);
      at(start + MINUTE + 31_000);
      late.hold();
      let answered = false;
      const waiting = articles(late.api, 4).then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answered).toBe(false);
      late.release();
      await waiting;
      expect(late.counts.calls).toBe(2);
      expect(late.refreshes).toHaveLength(0);

      vi.restoreAllMocks();
      const plain = counting(false);
      await articles(plain.api, 5);
      at(Date.now() + MINUTE + 1_000);
      await articles(plain.api, 5);
      expect(plain.counts.calls).toBe(2);
    });

    it("stays served when its refresh fails, and the next request past its time tries again", async () => {
      const start = Date.now();
      const { api, counts, refreshes } = counting();
      const first = await articles(api, 6);
      at(start + MINUTE + 1_000);
      const failing = new ProductApiClient({
        transport: async () => {
          counts.calls++;
          return Response.json({ message: "API Request failed /articles", data: null, status: 503 }, { status: 500 });
        },
        brand: "WPX-PL",
        locale: "pl",
        extSessionId: "ext-swr",
        cacheable: true,
        clientCallsEnabled: false,
        waitUntil: (promise) => void refreshes.push(promise),
      });
      expect(await articles(failing, 6)).toBe(first);
      await Promise.all(refreshes);
      expect(counts.calls).toBe(2);
      expect(await articles(api, 6)).toBe(first);
      await Promise.all(refreshes);
      expect(counts.calls).toBe(3);
    });
  });

  it("refuses to call from the browser while client-side calls are disabled", async () => {
    const global = globalThis as { document?: unknown };
    global.document = {};
    try {
      await expect(client(false).get("/sites", {}, siteSchema)).rejects.toThrow(
        "Client-side API requests are disabled",
      );
    } finally {
      delete global.document;
    }
  });
});

describe("the browser's door to the product API", () => {
  it("is closed while client-side calls are disabled", async () => {
    const response = await visit("/api/proxy/sites");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: "forbidden", message: "Client-side API requests are disabled" },
    });
  });

  it("where it is open, never passes on a call about an account, whatever account or customer id the browser names", async () => {
    const master = await masterIn();
    const shopper = await accountIn();
    const { publicId } = await orderPlacedBy(shopper, { paymentStatus: "PAID" });
    const config = parseConfig({ ...(testEnv as unknown as Record<string, unknown>), CLIENT_API_REQUESTS: "true" });
    const executionContext = {
      waitUntil: () => undefined,
      passThroughOnException: () => undefined,
      props: {},
    } as unknown as ExecutionContext;
    const ask = async (path: string) => {
      const request = new Request(`${hostOf("WPX-ES")}/api/proxy/${path}`);
      const context = await createRequestContext(
        request,
        testEnv,
        executionContext,
        config,
        "test-nonce",
        storefrontLogs({}, {}, undefined).request(request),
      );
      return browserProxy({
        request,
        context,
        params: { "*": new URL(request.url).pathname.slice("/api/proxy/".length) },
      } as unknown as Parameters<typeof browserProxy>[0]);
    };
    expect((await ask("sites")).status).toBe(200);
    const as = (account: { id: string }) => `site=WPX-ES&account_id=${account.id}`;
    const refused = [
      `accounts/${shopper.id}?site=WPX-ES`,
      `Accounts/${shopper.id}/profile?site=WPX-ES`,
      `tickets?${as(shopper)}`,
      `orders?${as(shopper)}`,
      `orders/${publicId}?customer_id=${shopper.id}`,
      `invoices?${as(shopper)}`,
      `groups/config?${as(master)}`,
      `groups/staff?${as(master)}`,
      `commissions?${as(master)}`,
      `designs/saved?${as(master)}&locale=es`,
      `designs/group?${as(master)}&locale=es`,
      `help/topics?locale=es&account_id=${shopper.id}`,
      `tracking/${publicId}`,
      "operator/orders",
      "creator/designs?site=WPX-ES",
      "creator/designs/cd_aaaaaaaaaaaaaaaaaaaa?site=WPX-ES",
    ];
    for (const path of refused) {
      const response = await ask(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(publicId);
    }
  });
});

import { describe, expect, it } from "vitest";
import { testEnv } from "@test-setup/app";
import { TEST_SECRETS } from "@test-setup/secrets";

// Hostile input is normal input: the product API answers it with a 4xx in its error shape, never a 5xx.
function call(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${TEST_SECRETS.apiToken}`);
  return testEnv.PRODUCT_API.fetch(new Request(`https://product-api.internal${path}`, { ...init, headers }));
}

const HUGE = "9".repeat(20);
const LONG = "a".repeat(300);
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

describe("the product API on hostile input", () => {
  it.each([
    ["an id no record can have", `/articles/${HUGE}?site=WPX-ES&locale=es`, {}],
    ["a help topic id no record can have", `/help/topics/${HUGE}?locale=es`, {}],
    ["a category id no record can have", `/catalog/categories/${HUGE}?site=WPX-ES&locale=es`, {}],
    ["an over-long slug", `/catalog/resolve?site=WPX-ES&locale=es&slug=${LONG}`, {}],
    ["an over-long tag slug", `/catalog/tags?site=WPX-ES&locale=es&slug=${LONG}`, {}],
    ["a list filter no record can have", `/articles?site=WPX-ES&locale=es&category=${HUGE}`, {}],
    [
      "a cart line id no record can have",
      `/carts/cart-1/lines/${HUGE}`,
      form({ ext_session_id: "s", locale: "es", quantity: "1" }),
    ],
    [
      "JSON where a form is expected",
      "/carts",
      { method: "POST", body: JSON.stringify({ site: "WPX-ES" }), headers: { "content-type": "application/json" } },
    ],
    [
      "a broken multipart body",
      "/carts",
      { method: "POST", body: "--x\r\nbroken", headers: { "content-type": "multipart/form-data; boundary=y" } },
    ],
    [
      "absurd quantities",
      "/carts/cart-1/lines",
      form({ ext_session_id: "s", locale: "es", article_id: "201", quantity: "1e309" }),
    ],
  ] as const)("%s answers 400 with its error code", async (_name, path, init) => {
    const response = await call(path, init);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 4000 } });
  });
});

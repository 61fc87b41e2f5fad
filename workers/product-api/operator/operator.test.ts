import { describe, expect, it } from "vitest";
import { testEnv } from "@test-setup/app";
import { insertOrder } from "@test-setup/orders";
import { TEST_SECRETS } from "@test-setup/secrets";
import { productApi } from "../index";

describe("the operator endpoints", () => {
  it("do not exist where development endpoints are off", async () => {
    const publicId = await insertOrder();
    const env = { STORE_DB: testEnv.STORE_DB, API_TOKEN: TEST_SECRETS.apiToken };
    const call = (exposed: string) =>
      productApi.request(
        `/operator/orders/${publicId}/advance`,
        { method: "POST", headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}` } },
        { ...env, EXPOSE_DEV_ENDPOINTS: exposed },
      );
    const closed = await call("false");
    expect(closed.status).toBe(404);
    expect(
      await testEnv.STORE_DB.prepare("SELECT status_code AS statusCode FROM orders WHERE public_id = ?")
        .bind(publicId)
        .first(),
    ).toEqual({ statusCode: 0 });
    expect((await call("true")).status).toBe(200);
  });

  it("list recent orders for the script", async () => {
    const publicId = await insertOrder();
    const response = await testEnv.PRODUCT_API.fetch(
      new Request("https://product-api.internal/operator/orders?limit=5", {
        headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}` },
      }),
    );
    const { items } = (await response.json()) as { items: { publicId: string; statusCode: number }[] };
    expect(items.find((item) => item.publicId === publicId)).toMatchObject({ statusCode: 0 });
  });
});

import { describe, expect, it } from "vitest";
import { paymentSettings } from "./settings";

const valid = {
  STRIPE_SECRET_KEY: "sk_live_abcdefghijklmnop",
  STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijklmnopqrstuvwxyz123456",
};

describe("the payments worker's settings", () => {
  it("takes a live or test key and a signing secret", () => {
    expect(paymentSettings({ ...valid, ENVIRONMENT: "production" })).toEqual({
      secretKey: valid.STRIPE_SECRET_KEY,
      webhookSecret: valid.STRIPE_WEBHOOK_SECRET,
      apiUrl: null,
    });
    expect(paymentSettings({ ...valid, STRIPE_SECRET_KEY: "rk_test_abcdefghijklmnop" }).secretKey).toBe(
      "rk_test_abcdefghijklmnop",
    );
  });

  it("stops the worker on a missing or malformed secret, or a stand-in outside a developer's machine", () => {
    expect(() => paymentSettings({ ...valid, STRIPE_SECRET_KEY: undefined })).toThrow();
    expect(() => paymentSettings({ ...valid, STRIPE_SECRET_KEY: "pk_live_abcdefghijklmnop" })).toThrow(
      /Stripe secret key/,
    );
    expect(() =>
      paymentSettings({ ...valid, STRIPE_WEBHOOK_SECRET: "not-a-signing-secret-but-long-enough-anyway" }),
    ).toThrow(/whsec_/);
    expect(() =>
      paymentSettings({ ...valid, ENVIRONMENT: "staging", STRIPE_API_URL: "http://127.0.0.1:12111" }),
    ).toThrow(/STRIPE_API_URL/);
    expect(paymentSettings({ ...valid, STRIPE_API_URL: "http://127.0.0.1:12111" }).apiUrl?.port).toBe("12111");
  });
});

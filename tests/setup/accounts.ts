import { accountSchema, type Account } from "@contract/api/accounts";
import type { BrandSlug } from "@contract/brands/brands";
import { testEnv, visit } from "./app";
import { TEST_SECRETS } from "./secrets";

export const PASSWORD = "Correct-horse-7";

/** A real account in the product API (as the sign-up form makes it), with a fresh e-mail. */
export async function accountIn(brand: BrandSlug = "WPX-ES", fields: Record<string, string> = {}): Promise<Account & { password: string }> {
  const email = `shopper.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await testEnv.PRODUCT_API.fetch(
    new Request("https://product-api.internal/accounts", {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ site: brand, locale: "en", email, password: PASSWORD, first_name: "Eva", last_name: "Moreno", customer_type: "PERSON", ...fields }),
    }),
  );
  if (response.status !== 201) throw new Error(`Creating an account answered ${response.status}`);
  return { ...accountSchema.parse(await response.json()), password: fields.password ?? PASSWORD };
}

/** The visitor's CSRF token for the sign-in endpoints, and the cookie that goes with it. */
export async function csrfFor(cookie?: string, brand: BrandSlug = "WPX-ES") {
  const response = await visit("/api/auth/csrf", { brand, cookie });
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const set = response.headers.getSetCookie().find((line) => line.startsWith("authjs.csrf-token="));
  const csrfCookie = set ? set.split(";")[0]! : cookie!.split("; ").find((part) => part.startsWith("authjs.csrf-token="))!;
  return { token: csrfToken, cookie: [cookie, csrfCookie].filter(Boolean).join("; ") };
}

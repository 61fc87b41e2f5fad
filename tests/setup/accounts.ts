import { accountSchema, type Account } from "@contract/api/accounts";
import type { BrandSlug } from "@contract/brands/brands";
import { customerOf } from "~/lib/auth/session-customer.server";
import { sessionCookie, testEnv, visit } from "./app";
import { TEST_SECRETS } from "./secrets";

export const PASSWORD = "Correct-horse-7";

/** A real account in the product API (as the sign-up form makes it), with a fresh e-mail. */
export async function accountIn(
  brand: BrandSlug = "WPX-ES",
  fields: Record<string, string> = {},
): Promise<Account & { password: string }> {
  const email = `shopper.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await testEnv.PRODUCT_API.fetch(
    new Request("https://product-api.internal/accounts", {
      method: "POST",
      headers: {
        authorization: `Bearer ${TEST_SECRETS.apiToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        site: brand,
        locale: "en",
        email,
        password: PASSWORD,
        first_name: "Eva",
        last_name: "Moreno",
        customer_type: "PERSON",
        ...fields,
      }),
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
  const csrfCookie = set
    ? set.split(";")[0]!
    : cookie!.split("; ").find((part) => part.startsWith("authjs.csrf-token="))!;
  return { token: csrfToken, cookie: [cookie, csrfCookie].filter(Boolean).join("; ") };
}

type Permission = Account["permissions"][number];

/** A business partner ("master") account, as the seed or an operator makes one. */
export async function masterIn(brand: BrandSlug = "WPX-ES"): Promise<Account & { password: string }> {
  const account = await accountIn(brand, { customer_type: "COMPANY", company_name: "Estudio Luz SL" });
  await testEnv.STORE_DB.prepare("UPDATE accounts SET kind = 'master' WHERE id = ?").bind(account.id).run();
  return { ...account, kind: "master" };
}

/** A staff sub-account of a master, with the permissions it was granted. */
export async function staffOf(
  master: Account,
  permissions: Permission[],
  { status = "ACTIVE" } = {},
): Promise<Account & { password: string }> {
  const account = await accountIn(master.site as BrandSlug);
  await testEnv.STORE_DB.prepare(
    "UPDATE accounts SET kind = 'master', master_id = ?, permissions = ?, status = ? WHERE id = ?",
  )
    .bind(master.id, JSON.stringify(permissions), status, account.id)
    .run();
  return { ...account, kind: "master", masterId: master.id, permissions, status: status as Account["status"] };
}

/** The session cookie of a visitor signed in as the account (as the sign-in endpoint would leave it). */
export async function signedInAs(account: Account, data: Record<string, unknown> = {}) {
  return (await sessionCookie({ customer: customerOf(account), updateDateCustomer: new Date().toISOString(), ...data }))
    .cookie;
}

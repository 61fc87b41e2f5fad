import { testEnv } from "./app";
import { TEST_SECRETS } from "./secrets";

export type ApiAnswer = {
  status: number;
  body: Record<string, unknown> & { id?: string; error?: { code: number; message: string }; fieldErrors?: Record<string, string> };
};

/** Calls the product API as the api-proxy would: bearer token, form-encoded body for POST, query string for GET. */
export async function callApi(path: string, fields?: Record<string, string>, method = fields ? "POST" : "GET"): Promise<ApiAnswer> {
  const response = await testEnv.PRODUCT_API.fetch(
    new Request(`https://product-api.internal${path}`, {
      method,
      headers: { authorization: `Bearer ${TEST_SECRETS.apiToken}`, ...(fields ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: fields ? new URLSearchParams(fields) : undefined,
    }),
  );
  return { status: response.status, body: (await response.json()) as ApiAnswer["body"] };
}

/** A GET's path with its parameters. */
export const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/** The newest e-mail the outbox holds for an address. */
export async function lastEmailTo(address: string) {
  return testEnv.STORE_DB.prepare("SELECT subject, body_text AS body, kind FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1")
    .bind(address).first<{ subject: string; body: string; kind: string }>();
}

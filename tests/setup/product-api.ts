import { testEnv } from "./app";
import { TEST_SECRETS } from "./secrets";

export type ApiAnswer = {
  status: number;
  body: Record<string, unknown> & {
    id?: string;
    error?: { code: number; message: string };
    fieldErrors?: Record<string, string>;
  };
};

type Call = {
  query?: Record<string, string>;
  form?: Record<string, string>;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
};

/**
 * Calls the product API as the api-proxy would: bearer token, a GET's parameters in the query, a POST's as a form.
 * `headers` and a raw `body` send what the proxy never would (the hostile-input tests).
 */
export async function productApi(
  path: string,
  { query, form, method = form ? "POST" : "GET", headers = {}, body }: Call = {},
): Promise<ApiAnswer> {
  const url = new URL(`https://product-api.internal${path}`);
  if (query) url.search = new URLSearchParams(query).toString();
  const response = await testEnv.PRODUCT_API.fetch(
    new Request(url, {
      method,
      headers: {
        authorization: `Bearer ${TEST_SECRETS.apiToken}`,
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...headers,
      },
      body: body ?? (form ? new URLSearchParams(form).toString() : undefined),
    }),
  );
  return { status: response.status, body: (await response.json()) as ApiAnswer["body"] };
}

/** The short form: a POST of these fields, or a GET without them. */
export const callApi = (path: string, fields?: Record<string, string>, method = fields ? "POST" : "GET") =>
  productApi(path, { form: fields, method });

/** A GET's path with its parameters. */
export const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/** The newest e-mail the outbox holds for an address. */
export async function lastEmailTo(address: string) {
  return testEnv.STORE_DB.prepare(
    "SELECT subject, body_text AS body, kind FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1",
  )
    .bind(address)
    .first<{ subject: string; body: string; kind: string }>();
}

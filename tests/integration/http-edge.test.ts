import { describe, expect, it } from "vitest";
import { proxyFailureSchema } from "@contract/api/errors";
import { errorBodySchema } from "@contract/http/errors";
import { testEnv, visit } from "@test-setup/app";
import { TEST_SECRETS } from "@test-setup/secrets";

// One HTTP edge (docs/decisions/0041): every worker answers each kind of bad request with a 4xx whose body parses with
// the one error schema, and a wrong method with 405 and `Allow`.

type Call = () => Promise<Response>;
type Case = readonly [kind: string, call: Call, status: number];

const LONG = "x".repeat(5000);
const json = (body: string, type = "application/json") => ({ method: "POST", body, headers: { "content-type": type } });
const brokenForm = {
  method: "POST",
  body: "--x\r\nbroken",
  headers: { "content-type": "multipart/form-data; boundary=y" },
};

function withHeaders(init: RequestInit, headers: Record<string, string>): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } };
}

const productApi = (path: string, init: RequestInit = {}) =>
  testEnv.PRODUCT_API.fetch(
    `https://product-api.internal${path}`,
    withHeaders(init, { authorization: `Bearer ${TEST_SECRETS.apiToken}` }),
  );
const uploads = (path: string, init: RequestInit = {}) =>
  testEnv.UPLOADS.fetch(
    `https://uploads.internal${path}`,
    withHeaders(init, { "x-upload-owners": `session:${crypto.randomUUID()}` }),
  );
const invoicePdf = (path: string, init: RequestInit = {}) =>
  testEnv.INVOICE_PDF.fetch(`https://invoice-pdf.internal${path}`, init);
const printFiles = (path: string, init: RequestInit = {}) =>
  testEnv.PRINT_FILES.fetch(`https://print-files.internal${path}`, init);
const builds = (path: string, init: RequestInit = {}) =>
  testEnv.BUILDS.fetch(`https://build-version.internal${path}`, init);
const payments = (path: string, init: RequestInit = {}) =>
  testEnv.PAYMENTS.fetch(`https://payments.internal${path}`, init);
const apiProxy = (path: string, init: RequestInit = {}) => testEnv.API.fetch(`https://api-proxy.internal${path}`, init);
const latestBuild = async () => ((await (await builds("/builds/latest.json")).json()) as { id: string }).id;

const uploadWithField = (field: string, value: string) => {
  const form = new FormData();
  form.set("img", new File([new Uint8Array([0xff, 0xd8, 0xff])], "photo.jpg"));
  form.set(field, value);
  return { method: "POST", body: form };
};

const workers: Record<string, Case[]> = {
  "product API": [
    ["a wrong method", () => productApi("/sites", { method: "PUT" }), 405],
    ["a wrong content type", () => productApi("/carts", json('{"site":"WPX-ES"}')), 400],
    ["a broken body", () => productApi("/carts", brokenForm), 400],
    ["an absurd value", () => productApi(`/catalog/resolve?site=WPX-ES&locale=es&slug=${LONG}`), 400],
    ["an unknown path", () => productApi("/nowhere"), 404],
  ],
  uploads: [
    ["a wrong method", () => uploads("/images/upload"), 405],
    ["a wrong content type", () => uploads("/images/upload", json('{"img":"x"}')), 415],
    ["a broken body", () => uploads("/images/upload", brokenForm), 400],
    ["a broken JSON body", () => uploads("/images/uploads/parts", json("{not json")), 400],
    ["an absurd value", () => uploads("/images/upload", uploadWithField("article_id", "99999999")), 400],
    ["an absurd size", () => uploads("/images/uploads/parts", json('{"size":"a lot"}')), 400],
    ["no file", () => uploads("/images/upload", { method: "POST", body: new FormData() }), 400],
    ["an unknown path", () => uploads("/nowhere"), 404],
    ["an unknown upload", () => uploads(`/images/uploads/up_${"a".repeat(24)}`), 404],
  ],
  "invoice-pdf": [
    ["a wrong method", () => invoicePdf("/"), 405],
    ["a wrong content type", () => invoicePdf("/", json("{}", "text/plain")), 415],
    ["a broken body", () => invoicePdf("/", json("{not json")), 400],
    ["an absurd value", () => invoicePdf("/", json(JSON.stringify({ number: LONG }))), 400],
    ["an unknown path", () => invoicePdf("/other", json("{}")), 404],
  ],
  "print-files": [
    ["a wrong method", () => printFiles("/prints"), 405],
    ["a wrong content type", () => printFiles("/prints", json("{}", "text/plain")), 415],
    ["a broken body", () => printFiles("/prints", json("{not json")), 400],
    ["an absurd value", () => printFiles("/prints", json(JSON.stringify({ order: LONG, line: 1e9 }))), 400],
    ["an absurd line", () => printFiles("/prints/ES-1/99999"), 400],
    ["an unknown line", () => printFiles("/prints/ES-NOTHING/1"), 404],
    ["an unknown path", () => printFiles("/nowhere"), 404],
  ],
  "build-version": [
    ["a wrong method", () => builds("/builds/latest.json", json("{}")), 405],
    ["an absurd value", async () => builds(`/builds/meta/${await latestBuild()}.json?brand=${LONG}`), 400],
    ["an unknown build", () => builds("/builds/meta/b0ld.json?brand=wpx-es"), 404],
    ["an unknown path", () => builds("/nowhere"), 404],
  ],
  payments: [
    ["a wrong method", () => payments("/stripe/checkout-sessions"), 405],
    ["a wrong content type", () => payments("/stripe/checkout-sessions", json("{}", "text/plain")), 415],
    ["a broken body", () => payments("/stripe/checkout-sessions", json("{not json")), 400],
    ["an absurd value", () => payments("/stripe/checkout-sessions", json('{"amount":1e309}')), 400],
    ["an absurd id", () => payments(`/stripe/checkout-sessions/${LONG}`), 400],
    ["an unsigned event", () => payments("/stripe/events", json("{not json")), 400],
    ["an unknown path", () => payments("/nowhere"), 404],
  ],
  "api-proxy": [["a wrong method", () => apiProxy("/sites", { method: "PUT" }), 405]],
  "storefront's resource routes": [
    ["a wrong method (log)", () => visit("/api/log"), 405],
    ["a broken body (log)", () => visit("/api/log", json("{not json")), 400],
    ["a wrong method (page events)", () => visit("/api/event/page"), 405],
    ["a wrong content type (page events)", () => visit("/api/event/page", json("{}", "text/plain")), 415],
    ["a broken body (page events)", () => visit("/api/event/page", json("{not json")), 400],
    ["an over-long body (page events)", () => visit("/api/event/page", json(`"${"x".repeat(100_000)}"`)), 413],
    ["an absurd value (page events)", () => visit("/api/event/page", json(JSON.stringify({ id: LONG }))), 400],
    ["a wrong method (landing)", () => visit("/api/marketing/landing"), 405],
    ["a broken body (landing)", () => visit("/api/marketing/landing", json("{not json")), 400],
    ["a wrong method (session)", () => visit("/api/session", { method: "PUT" }), 405],
    ["a wrong content type (session)", () => visit("/api/session", json("{}", "text/plain")), 415],
    ["a broken body (session)", () => visit("/api/session", json("{not json")), 400],
    ["a wrong method (consent)", () => visit("/api/consent", json("{}")), 405],
    ["a wrong method (webhook)", () => visit("/api/payments/webhook"), 405],
    ["an unsigned webhook", () => visit("/api/payments/webhook", json("{}")), 400],
    ["a wrong method (upload)", () => visit("/images/upload"), 405],
    ["an unknown upload in parts", () => visit("/images/uploads/parts/nothing/here"), 404],
    ["an absurd value (icons)", () => visit(`/api/icons/lucide.json?icons=${LONG}`), 400],
    ["an unknown icon set (icons)", () => visit("/api/icons/other.json?icons=a"), 404],
    ["a closed door (proxy)", () => visit("/api/proxy/sites"), 403],
    ["an absurd postcode (pickup points)", () => visit(`/api/pickup-points?postcode=${LONG}&carrier=CORREOS`), 400],
    [
      "another brand's carrier (pickup points)",
      () => visit("/api/pickup-points?postcode=00-950&carrier=CORREOS", { brand: "WPX-PL" }),
      400,
    ],
    ["an unknown locale (strings)", () => visit("/_locales/general/xx/data.json"), 404],
  ],
};

describe.each(Object.entries(workers))("the %s", (_worker, cases) => {
  it.each(cases)("answers %s in the one error shape", async (_kind, call, status) => {
    const response = await call();
    expect(response.status).toBe(status);
    const body = errorBodySchema.parse(await response.json());
    expect(body.error.message).not.toBe("");
    if (status === 405) expect(response.headers.get("allow")).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
  });
});

describe("the api-proxy", () => {
  it("passes the product API's refusals on as the spec's failure, the API's error inside in the one shape", async () => {
    for (const path of ["/nowhere", `/catalog/resolve?slug=${LONG}`]) {
      const response = await apiProxy(path, { headers: { "x-brand": "WPX-ES", "x-locale": "es" } });
      expect(response.status, path).toBe(500);
      errorBodySchema.parse(proxyFailureSchema.parse(await response.json()).data);
    }
  });
});

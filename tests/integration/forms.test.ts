import { describe, expect, it } from "vitest";
import en from "@locales/en/forms.json";
import es from "@locales/es/forms.json";
import { visit } from "../setup/app";
import { sessionWithCart } from "../setup/cart";
import { errorMessage } from "./html";

// Every form action reads its body in one place (app/lib/forms/form.server.ts): a body that is no form, or a broken
// one, is refused with a translated message on the error screen, never a crash, and changes nothing.
const FORM_PAGES = ["/cart", "/newsletter", "/tracking", "/unsubscribe", "/checkout?step=1", "/help-center/topic/17"];

const post = (path: string, body: BodyInit, contentType: string | null, cookie?: string) =>
  visit(path, { method: "POST", body, cookie, headers: contentType ? { "content-type": contentType } : {} });

describe("form bodies that are no form", () => {
  it.each(FORM_PAGES)("%s answers JSON, text and XML with 415 and says what it takes", async (path) => {
    const { cookie } = await sessionWithCart();
    for (const [body, type] of [
      ['{"intent":"add"}', "application/json"],
      ["intent=add", "text/plain"],
      ["<intent>add</intent>", "application/xml"],
    ] as const) {
      const response = await post(path, body, type, cookie);
      expect(response.status, `${path} ${type}`).toBe(415);
      expect(errorMessage(await response.text())).toBe(es.forms.unsupportedBody);
    }
  });

  it("answers a body without a content type with 415, in the page's language", async () => {
    const response = await post("/en/newsletter", "email=a@b.co", null);
    expect(response.status).toBe(415);
    expect(errorMessage(await response.text())).toBe(en.forms.unsupportedBody);
  });

  it("answers a broken multipart body with 400 and leaves the cart as it was", async () => {
    const { cookie } = await sessionWithCart();
    const before = await (await visit("/cart", { cookie })).text();
    const response = await post(
      "/cart",
      '--nope\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
      "multipart/form-data; boundary=other",
      cookie,
    );
    expect(response.status).toBe(400);
    expect(errorMessage(await response.text())).toBe(es.forms.brokenBody);
    const after = await (await visit("/cart", { cookie })).text();
    expect(/data-testid="cart-count"[^>]*>(\d+)</.exec(after)?.[1]).toBe(
      /data-testid="cart-count"[^>]*>(\d+)</.exec(before)?.[1],
    );
  });

  it("still takes a real form, urlencoded or multipart", async () => {
    const { cookie } = await sessionWithCart();
    const urlencoded = await post(
      "/cart",
      new URLSearchParams({ intent: "add", article_id: "203", quantity: "1" }),
      "application/x-www-form-urlencoded",
      cookie,
    );
    expect(urlencoded.status).toBe(303);
    const multipart = new FormData();
    for (const [key, value] of Object.entries({ intent: "add", article_id: "203", quantity: "1" }))
      multipart.set(key, value);
    const response = await visit("/cart", { method: "POST", body: multipart, cookie });
    expect(response.status).toBe(303);
  });
});

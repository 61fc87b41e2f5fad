import { describe, expect, it } from "vitest";
import { emptyDocument, MAX_DOCUMENT_BYTES } from "@contract/creator/document";
import en from "@locales/en/creator.json";
import es from "@locales/es/creator.json";
import { visit } from "../setup/app";
import { h1, readableHtml } from "./html";

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

function post(path: string, fields: Record<string, string>) {
  return visit(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

describe("the creator's first paint", () => {
  it("renders the product, the size picker and the print area at scale on the server", async () => {
    const response = await visit("/create/206?size=50x70");
    expect(response.status).toBe(200);
    const html = readableHtml(await response.text());
    expect(h1(html)).toBe(fill(es.creator.heading, { product: "Póster" }));
    expect(html).toMatch(/<option value="50x70" selected="">/);
    // A poster of 50×70 cm with 3 mm bleed: the viewBox covers 506×706 mm and a margin.
    expect(html).toContain('data-guide="trim"');
    expect(html).toContain('width="500" height="700"');
    expect(html).toContain('data-guide="safe"');
    expect(html).toContain(es.creator.loading);
  });

  it("shows a canvas's edge band and a mug's handle zones", async () => {
    expect(await (await visit("/create/202")).text()).toContain('data-guide="edge"');
    expect(await (await visit("/create/203")).text()).toContain('data-guide="handle"');
  });

  it("starts from a catalogue design with its artwork", async () => {
    const html = await (await visit("/create/202?design=d-202-birthday-confetti")).text();
    expect(html).toContain("/images/designs/birthday-confetti.svg");
    expect(html).not.toContain('data-testid="creator-notice"');
  });

  it("says so when the design asked for cannot be opened, in the page's language", async () => {
    const unknown = readableHtml(await (await visit("/create/206?design=no-such-design")).text());
    expect(unknown).toContain(es.creator.notices.designNotFound);
    const saved = readableHtml(await (await visit("/en/create/206?design=cd_aaaaaaaaaaaaaaaaaaaa")).text());
    // A saved design that does not exist (or is someone else's) is "not found", in the page's language.
    expect(saved).toContain(en.creator.notices.designNotFound);
  });

  it("is a plain page for an article the brand does not sell", async () => {
    const response = await visit("/en/create/19999");
    expect(response.status).toBe(200);
    expect(h1(await response.text())).toBe(en.creator.unavailable.title);
  });
});

describe("the creator's action refuses bad input with a 4xx, never a 500", () => {
  const document = JSON.stringify(emptyDocument(206, "30x40"));

  it.each([
    ["an unknown intent", { intent: "print-now" }],
    ["broken JSON", { intent: "save", name: "Mine", document: "{not json" }],
    ["a document that is no design", { intent: "save", name: "Mine", document: JSON.stringify({ format: 1 }) }],
    [
      "an oversized document",
      {
        intent: "save",
        name: "Mine",
        document: `${document.slice(0, -1)}, "pad": "${"x".repeat(MAX_DOCUMENT_BYTES)}"}`,
      },
    ],
    [
      "another article's document",
      { intent: "save", name: "Mine", document: JSON.stringify(emptyDocument(101, null)) },
    ],
    ["no name", { intent: "save", name: " ", document }],
    [
      "a print without uploads",
      { intent: "add-to-cart", design_id: "cd_aaaaaaaaaaaaaaaaaaaa", version: "1", quantity: "1" },
    ],
    [
      "a print with a foreign design id",
      {
        intent: "add-to-cart",
        design_id: "d-1",
        version: "1",
        preview_upload: "up_aaaaaaaaaaaaaaaaaaaaaaaa",
        quantity: "1",
      },
    ],
  ])("%s → 400", async (_, fields) => {
    const response = await post("/create/206", fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('id="main"');
  });

  it("answers a body that is no form with 415", async () => {
    const response = await visit("/create/206", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(415);
  });

  it("a valid save is kept by the designs service", async () => {
    expect((await post("/create/206", { intent: "save", name: "Mine", document })).status).toBe(200);
  });
});

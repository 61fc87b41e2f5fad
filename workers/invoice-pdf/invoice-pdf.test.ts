import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { InvoicePdfRequest } from "@contract/api/invoice-pdf";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { testEnv } from "@test-setup/app";

// The invoice-pdf worker, behind the storefront's service binding: it draws what it is given, and refuses the rest.

const invoice: InvoicePdfRequest = {
  number: "WPX-CZ-2026-000007",
  orderPublicId: "CZ-ABCDEFGH",
  issuedAt: "2026-11-20T10:00:00.000Z",
  title: "Faktura",
  seller: {
    legalName: "WPX Česko s.r.o.",
    taxId: "CZ27483916",
    lines: ["WPX Česko s.r.o.", "Karlínské náměstí 12", "186 00 Praha 8", "Česko", "DIČ: CZ27483916"],
  },
  buyer: ["Tereza Nováková", "Národní 10", "110 00 Praha", "Česko", "tereza@example.com"],
  facts: [
    ["Číslo", "WPX-CZ-2026-000007"],
    ["Datum vystavení", "20. listopadu 2026"],
  ],
  lines: Array.from({ length: 45 }, (_, index) => ({
    description: `Hrnek s fotkou č. ${index + 1}`,
    details: "Bílý · 330 ml",
    quantity: "1",
    unitPrice: "249 Kč",
    total: "249 Kč",
  })),
  totals: [
    { key: "net", label: "Základ", value: "9 260 Kč" },
    { key: "vat", label: "DPH 21 %", value: "1 945 Kč" },
    { key: "total", label: "Celkem", value: "11 205 Kč" },
  ],
  note: "Ceny jsou včetně DPH 21 %.",
  headings: {
    buyer: "Odběratel",
    description: "Popis",
    quantity: "Množství",
    unitPrice: "Cena za kus",
    total: "Částka",
    page: "Strana {page} z {pages}",
  },
};

const draw = (
  body: string,
  contentType = "application/json",
  method = "POST",
  path = "/",
  headers: Record<string, string> = {},
) =>
  testEnv.INVOICE_PDF.fetch(`https://invoice-pdf.internal${path}`, {
    method,
    headers: { "content-type": contentType, ...headers },
    body: method === "GET" ? undefined : body,
  });

describe("the invoice-pdf worker", () => {
  it("draws an A4 PDF titled with the invoice number, across pages when the lines are many", async () => {
    const response = await draw(JSON.stringify(invoice));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe("Faktura WPX-CZ-2026-000007");
    expect(pdf.getKeywords()).toContain("WPX-CZ-2026-000007");
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });

  it("answers a broken body, a missing field or an absurd value with 400, a wrong content type with 415, a wrong method with 405, an unknown path with 404", async () => {
    expect((await draw("{not json")).status).toBe(400);
    expect((await draw(JSON.stringify(invoice), "text/plain")).status).toBe(415);
    expect((await draw(JSON.stringify({ ...invoice, number: undefined }))).status).toBe(400);
    expect((await draw(JSON.stringify({ ...invoice, note: "x".repeat(5000) }))).status).toBe(400);
    expect(
      (await draw(JSON.stringify({ ...invoice, lines: Array.from({ length: 2001 }, () => invoice.lines[0]) }))).status,
    ).toBe(400);
    const wrongMethod = await draw("", "application/json", "GET");
    expect([wrongMethod.status, wrongMethod.headers.get("allow")]).toEqual([405, "POST"]);
    expect((await draw(JSON.stringify(invoice), "application/json", "POST", "/other")).status).toBe(404);
  });

  it("answers its caller's request id back, or its own in place of a malformed one, a refusal's too", async () => {
    const drawn = await draw(JSON.stringify(invoice), "application/json", "POST", "/", {
      [REQUEST_ID_HEADER]: "ray-invoice-1",
    });
    expect(drawn.headers.get(REQUEST_ID_HEADER)).toBe("ray-invoice-1");
    await drawn.arrayBuffer();
    const refused = await draw("{not json", "application/json", "POST", "/", {
      [REQUEST_ID_HEADER]: "not well formed",
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

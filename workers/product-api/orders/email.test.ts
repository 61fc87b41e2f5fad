import { describe, expect, it } from "vitest";
import { brandBySlug, type BrandSlug } from "@contract/brands/brands";
import { optionsText } from "@contract/catalogue/option-label";
import { optionTranslate } from "@contract/catalogue/option-strings";
import { LOCALES, type Locale } from "@contract/locales/locales";
import { orderSchema, type Order } from "@contract/api/orders";
import { orderConfirmationEmail } from "./email";

type Line = Order["lines"][number];
const line = (name: string, options: Line["options"]): Line => ({
  articleId: 1,
  name,
  namePlural: name,
  slug: "x",
  image: "/i.svg",
  options,
  quantity: 1,
  unitPrice: 1000,
  total: 1000,
  designId: null,
  designVersion: null,
  designName: null,
  designPreview: null,
  designPrint: null,
  innerPages: null,
  extraPages: 0,
});
const PRINTS = line("Pakiet odbitek", [
  { id: 1, group: "size", code: "10x15" },
  { id: 2, group: "finish", code: "gloss" },
  { id: 3, group: "paper", code: "standard" },
]);
const POSTER = line("Póster", [{ id: 4, group: "size", code: "70x100" }]);
const MUG = line("Taza con foto", [{ id: 5, group: "finish", code: "gloss" }]);
const CARDS = line("Tarjetas", [
  { id: 6, group: "size", code: "500" },
  { id: 7, group: "paper", code: "premium" },
]);

function order(
  site: BrandSlug,
  locale: Locale,
  lines: Line[],
  paymentType: Order["paymentType"] = "ONLINE_PREPAID",
): Order {
  return orderSchema.parse({
    publicId: "ES-7K3M9Q2X",
    site,
    cartId: "c",
    locale,
    email: "ana@example.com",
    contact: {
      email: "ana@example.com",
      customerType: "PERSON",
      firstName: "Ana",
      lastName: "Ruiz",
      phone: "+34600123456",
    },
    address: { street: "Calle Mayor 12", postcode: "28013", city: "Madrid", country: "ES" },
    shipment: {
      deliveryType: "ADDRESS",
      deliveryMode: "ADDRESS",
      carrier: "CORREOS",
      pickupPointId: null,
      earliest: "2026-12-01",
      latest: "2026-12-03",
    },
    pickupPoint: null,
    paymentMethod: paymentType === "TRANSFER" ? "BANK_TRANSFER" : "CARD",
    paymentType,
    paymentStatus: paymentType === "TRANSFER" ? "PENDING" : "PAID",
    statusCode: 0,
    shipmentStatus: null,
    trackingReference: null,
    currency: "EUR",
    totals: { subtotal: 3000, promotion: null, shipping: 0, vatRate: 21, vat: 521, total: 3000 },
    createdAt: "2026-11-28T10:00:00Z",
    paidAt: null,
    lines,
    events: [],
    userRequiredActions: [],
  });
}

const RAW_CODES = /\b(gloss|matte|lustre|standard|premium|10x15|70x100)\b/;

describe("the order e-mails' lines", () => {
  it("name the options as the pages do, in the brand's language, never by their codes", () => {
    const polish = orderConfirmationEmail(
      order("WPX-PL", "pl", [PRINTS]),
      brandBySlug("WPX-PL")!,
      "http://wpx-pl.localhost",
    ).body;
    expect(polish).toContain("1 × Pakiet odbitek (10×15 cm · Błyszczące · Standardowy)");
    const spanish = orderConfirmationEmail(
      order("WPX-ES", "es", [POSTER, MUG, CARDS]),
      brandBySlug("WPX-ES")!,
      "http://wpx-es.localhost",
    ).body;
    expect(spanish).toContain("1 × Póster (70×100 cm)");
    expect(spanish).toContain("1 × Taza con foto (Brillo)");
    expect(spanish).toContain("1 × Tarjetas (500 piezas · Premium)");
    // The transfer instructions are the same e-mail for an order still to be paid.
    const transfer = orderConfirmationEmail(
      order("WPX-ES", "es", [MUG], "TRANSFER"),
      brandBySlug("WPX-ES")!,
      "http://wpx-es.localhost",
    ).body;
    expect(transfer).toContain("ES9121000418450200051332");
    expect(transfer).toContain("1 × Taza con foto (Brillo)");
    // A photo book of many pages says them, and the extra ones it was charged for.
    const book = { ...line("Fotolibro", [{ id: 40, group: "size", code: "21x21" }]), innerPages: 32, extraPages: 8 };
    const withBook = orderConfirmationEmail(order("WPX-ES", "es", [book]), brandBySlug("WPX-ES")!, "http://x").body;
    expect(withBook).toContain("1 × Fotolibro (21×21 cm · 32 páginas (8 adicionales))");
  });

  it.each(LOCALES)("in %s, say what the order's pages say for every option", (locale) => {
    const body = orderConfirmationEmail(
      order("WPX-ES", locale, [PRINTS, POSTER, MUG, CARDS]),
      brandBySlug("WPX-ES")!,
      "http://wpx-es.localhost",
    ).body;
    const t = optionTranslate(locale);
    for (const { name, options } of [PRINTS, POSTER, MUG, CARDS])
      expect(body).toContain(`1 × ${name} (${optionsText(t, options)})`);
    const lines = body.split("\n").filter((text) => text.startsWith("1 × "));
    expect(lines).toHaveLength(4);
    for (const text of lines) {
      expect(text).not.toMatch(RAW_CODES);
      expect(text).not.toContain("options.");
    }
  });
});

import { describe, expect, it } from "vitest";
import { BRANDS } from "../brands/brands";
import { FREE_SHIPPING_FROM, freeShippingRemaining, shippingEstimate } from "../shipping/options";
import { afterPromotion, invoiceTotals, totalsOf } from "./totals";

describe("totalsOf", () => {
  it.each([
    ["PL", 23, 1870],
    ["ES", 21, 1736],
    ["IT", 22, 1803],
    ["DK", 25, 2000],
    ["FR", 20, 1667],
    ["PT", 23, 1870],
    ["CZ", 21, 1736],
  ])("puts the VAT of %s (%i %%) inside the total", (country, vatRate, vat) => {
    expect(totalsOf({ subtotal: 9000, promotion: null, shipping: 1000, country })).toEqual({
      subtotal: 9000,
      promotion: null,
      shipping: 1000,
      vatRate,
      vat,
      total: 10000,
    });
  });

  it("knows the VAT of every brand's country", () => {
    for (const brand of BRANDS)
      expect(totalsOf({ subtotal: 100, promotion: null, shipping: 0, country: brand.country }).vatRate).toBeGreaterThan(
        0,
      );
  });

  it("refuses a country without a VAT rate rather than charging none", () => {
    expect(() => totalsOf({ subtotal: 100, promotion: null, shipping: 0, country: "DE" })).toThrow(RangeError);
  });

  it("takes the promotion off the lines before shipping, and the VAT is of what is paid", () => {
    const promotion = { code: "HOY10", discountPercent: 10, amount: 999 };
    const totals = totalsOf({ subtotal: 9995, promotion, shipping: 495, country: "ES" });
    expect(totals).toEqual({
      subtotal: 9995,
      promotion,
      shipping: 495,
      vatRate: 21,
      vat: Math.round((9491 * 21) / 121),
      total: 9491,
    });
    expect(afterPromotion(totals)).toBe(8996);
  });

  it("rounds the VAT to the minor unit", () => {
    // 1 × 21 / 121 = 0.17 rounds down; 3 × 21 / 121 = 0.52 rounds up.
    expect(totalsOf({ subtotal: 1, promotion: null, shipping: 0, country: "ES" }).vat).toBe(0);
    expect(totalsOf({ subtotal: 3, promotion: null, shipping: 0, country: "ES" }).vat).toBe(1);
  });
});

describe("free shipping", () => {
  const es = BRANDS.find((brand) => brand.slug === "WPX-ES")!;

  it("estimates the cheapest home delivery below the threshold, nothing from it on, and nothing for an empty cart", () => {
    expect(shippingEstimate(es, FREE_SHIPPING_FROM.EUR! - 1, 1)).toBe(495);
    expect(shippingEstimate(es, FREE_SHIPPING_FROM.EUR!, 1)).toBe(0);
    expect(shippingEstimate(es, 0, 0)).toBe(0);
  });

  it("counts what is left to the threshold after the promotion", () => {
    const totals = totalsOf({
      subtotal: 5200,
      promotion: { code: "X", discountPercent: 10, amount: 520 },
      shipping: 0,
      country: "ES",
    });
    expect(freeShippingRemaining("EUR", afterPromotion(totals))).toBe(320);
    expect(freeShippingRemaining("EUR", 6000)).toBe(0);
    expect(freeShippingRemaining("SEK", 100)).toBeNull();
  });

  it("totals a free delivery as the lines alone", () => {
    const totals = totalsOf({
      subtotal: 6000,
      promotion: null,
      shipping: shippingEstimate(es, 6000, 2),
      country: "ES",
    });
    expect(totals).toMatchObject({ shipping: 0, total: 6000, vat: 1041 });
  });
});

describe("invoiceTotals", () => {
  it("splits what was paid into the net and the VAT inside it", () => {
    const totals = totalsOf({
      subtotal: 9000,
      promotion: { code: "X", discountPercent: 10, amount: 900 },
      shipping: 1900,
      country: "PL",
    });
    expect(invoiceTotals(totals)).toEqual({ gross: 10000, vatRate: 23, vat: 1870, net: 8130 });
  });

  it("keeps net plus VAT equal to the gross for every brand country", () => {
    for (const brand of BRANDS) {
      const invoice = invoiceTotals(
        totalsOf({ subtotal: 12345, promotion: null, shipping: 678, country: brand.country }),
      );
      expect(invoice.net + invoice.vat).toBe(invoice.gross);
      expect(invoice.gross).toBe(13023);
    }
  });
});

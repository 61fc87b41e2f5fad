import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

const nbsp = (text: string) => text.replace(/\u00a0|\u202f/g, " ");

describe("formatMoney", () => {
  const eur = { currency: "EUR", decimals: true, locale: "es-ES" };
  const dkk = { currency: "DKK", decimals: false, locale: "da-DK" };
  const czk = { currency: "CZK", decimals: false, locale: "cs-CZ" };

  it("shows no decimals for whole amounts when decimals are on", () => {
    expect(nbsp(formatMoney(1200, eur))).toBe("12 €");
  });
  it("shows two decimals for other amounts when decimals are on", () => {
    expect(nbsp(formatMoney(1250, eur))).toBe("12,50 €");
    expect(nbsp(formatMoney(1999, { currency: "PLN", decimals: true, locale: "pl-PL" }))).toBe("19,99 zł");
  });
  it("rounds up to a whole number when decimals are off", () => {
    expect(nbsp(formatMoney(12901, dkk))).toBe("130 kr.");
    expect(nbsp(formatMoney(12900, dkk))).toBe("129 kr.");
    expect(nbsp(formatMoney(49_950, czk))).toBe("500 Kč");
  });
  it("rounds a negative amount up by its magnitude", () => {
    expect(nbsp(formatMoney(-1230, dkk))).toBe("-13 kr.");
  });
  it("refuses amounts that are not minor units", () => {
    expect(() => formatMoney(12.5, eur)).toThrow(TypeError);
  });
});

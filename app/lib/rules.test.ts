import { describe, expect, it } from "vitest";
import { ageOn, formatMoney, isAdult, isDateString, isEmail, slugify } from "./rules";

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

describe("isEmail", () => {
  it.each(["ana@example.com", "a.b+c@shop.co.uk", "x@y.pl"])("accepts %s", (value) => expect(isEmail(value)).toBe(true));
  it.each(["", "ana", "ana@", "ana@example", "@example.com", "ana @example.com", "ana@example.", "ana@.com"])(
    "refuses %j",
    (value) => expect(isEmail(value)).toBe(false),
  );
});

describe("isDateString", () => {
  it.each(["2024-02-29", "2000-01-01", "1999-12-31"])("accepts %s", (value) => expect(isDateString(value)).toBe(true));
  it.each(["2023-02-29", "2024-13-01", "2024-04-31", "2024-4-1", "24-04-01", "2024/04/01", "", "2024-04-01T00:00"])(
    "refuses %j",
    (value) => expect(isDateString(value)).toBe(false),
  );
});

describe("isAdult", () => {
  const today = new Date(Date.UTC(2026, 10, 22));
  it("is 18 on the 18th birthday", () => {
    expect(ageOn("2008-11-22", today)).toBe(18);
    expect(isAdult("2008-11-22", today)).toBe(true);
  });
  it("is not 18 the day before", () => {
    expect(ageOn("2008-11-23", today)).toBe(17);
    expect(isAdult("2008-11-23", today)).toBe(false);
  });
  it("refuses a date that does not exist", () => {
    expect(isAdult("2001-02-30", today)).toBe(false);
  });
});

describe("slugify", () => {
  it.each([
    ["Photo Prints", "photo-prints"],
    ["  Tazas   personalizadas! ", "tazas-personalizadas"],
    ["Fotoksiążka, 30×30?", "fotoksiazka-3030"],
    ["Lærred & plakater", "laerred-plakater"],
    ["Café — crème", "cafe-creme"],
  ])("%j becomes %j", (input, slug) => expect(slugify(input)).toBe(slug));
});

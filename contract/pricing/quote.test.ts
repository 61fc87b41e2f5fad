import { describe, expect, it } from "vitest";
import { deliveryWindow } from "../shipping/working-days";
import { extraPages, pageRules } from "../creator/pages";
import { defaultOptions, pagedQuote, quote, tierFor } from "./quote";

const options = [
  { id: 1, group: "size" as const, code: "10x15", priceDelta: 0, isDefault: true },
  { id: 2, group: "size" as const, code: "13x18", priceDelta: 600, isDefault: false },
  { id: 3, group: "finish" as const, code: "gloss", priceDelta: 0, isDefault: true },
  { id: 4, group: "finish" as const, code: "lustre", priceDelta: 150, isDefault: false },
];
const tiers = [
  { minQuantity: 3, discountPercent: 10 },
  { minQuantity: 10, discountPercent: 20 },
];

describe("pricing", () => {
  it("starts from each group's default", () => expect(defaultOptions(options)).toEqual([1, 3]));
  it("adds the chosen options to the base price", () => {
    expect(quote(1295, options, [2, 4], tiers, 1)).toEqual({
      unit: 2045,
      discountPercent: 0,
      fullTotal: 2045,
      total: 2045,
    });
  });
  it("applies the largest tier the quantity reaches", () => {
    expect(tierFor(tiers, 2)).toBeNull();
    expect(tierFor(tiers, 3)?.discountPercent).toBe(10);
    expect(tierFor(tiers, 12)?.discountPercent).toBe(20);
    expect(quote(1295, options, [1, 3], tiers, 10)).toEqual({
      unit: 1295,
      discountPercent: 20,
      fullTotal: 12950,
      total: 10360,
    });
  });
});

describe("a photo book's extra pages", () => {
  const book = pageRules("photo-book");
  it("cost nothing up to the included pages, then the article's price each, inside the unit price", () => {
    expect(quote(2995, options, [1, 3], [], 1, { count: extraPages(book, 24), price: 75 }).unit).toBe(2995);
    expect(quote(2995, options, [2, 3], [], 1, { count: extraPages(book, 32), price: 75 })).toEqual({
      unit: 2995 + 600 + 8 * 75,
      discountPercent: 0,
      fullTotal: 4195,
      total: 4195,
    });
  });
  it("are discounted by the quantity tier with the rest of the unit", () => {
    const pages = { count: extraPages(book, 96), price: 50 };
    expect(quote(2995, options, [1, 3], tiers, 3, pages)).toEqual({
      unit: 2995 + 72 * 50,
      discountPercent: 10,
      fullTotal: 3 * 6595,
      total: 3 * 6595 - Math.floor((3 * 6595 * 10) / 100),
    });
  });
  it("are priced for the creator as the cart prices them, as pages are added", () => {
    const article = { kind: "photo-book", price: 2995, options, tiers, extraPagePrice: 75 };
    expect(pagedQuote(article, [2], 24).unit).toBe(3595);
    expect(pagedQuote(article, [2], 26).unit).toBe(3595 + 150);
    expect(pagedQuote(article, [2], 32, 3)).toEqual(quote(2995, options, [2], tiers, 3, { count: 8, price: 75 }));
  });
  it("leave a single-page product's price as it was", () => {
    const single = pageRules("mug");
    expect(quote(1295, options, [1, 3], tiers, 1, { count: extraPages(single, 1), price: 99 }).unit).toBe(1295);
  });
});

describe("delivery estimate", () => {
  it("counts working days only", () => {
    // Friday 2026-11-20: prints take 2-4 days to make and 1-3 to ship.
    const { earliest, latest } = deliveryWindow("photo-prints", new Date(Date.UTC(2026, 10, 20)));
    expect(earliest.toISOString().slice(0, 10)).toBe("2026-11-25");
    expect(latest.toISOString().slice(0, 10)).toBe("2026-12-01");
  });
  it("gives photo books longer", () => {
    const { latest } = deliveryWindow("photo-book", new Date(Date.UTC(2026, 10, 20)));
    expect(latest.toISOString().slice(0, 10)).toBe("2026-12-02");
  });
});

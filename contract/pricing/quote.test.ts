import { describe, expect, it } from "vitest";
import { deliveryWindow } from "../shipping/working-days";
import { defaultOptions, quote, tierFor } from "./quote";

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

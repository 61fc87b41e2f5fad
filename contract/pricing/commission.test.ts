import { describe, expect, it } from "vitest";
import { commissionOf } from "./commission";
import { totalsOf } from "./totals";

describe("commissionOf", () => {
  it("is the rate of the order's total without VAT", () => {
    const totals = totalsOf({ subtotal: 4285, promotion: null, shipping: 545, country: "ES" });
    expect(commissionOf(totals, 5)).toEqual({ base: 4830 - 838, rate: 5, amount: 200 });
  });

  it("rounds to the minor unit and takes fractional rates", () => {
    const totals = totalsOf({
      subtotal: 1000,
      promotion: { code: "X", discountPercent: 10, amount: 100 },
      shipping: 0,
      country: "PL",
    });
    expect(commissionOf(totals, 7.5)).toEqual({ base: 900 - 168, rate: 7.5, amount: 55 });
  });
});

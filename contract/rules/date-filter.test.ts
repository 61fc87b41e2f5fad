import { describe, expect, it } from "vitest";
import { dateFilterRange } from "./date-filter";

describe("dateFilterRange", () => {
  const now = new Date("2026-05-31T10:15:00.000Z");

  it("keeps everything without a filter", () => {
    expect(dateFilterRange("without", now)).toEqual({ from: null, to: null });
  });

  it("takes the last thirty days to the millisecond", () => {
    expect(dateFilterRange("thirty_days", now)).toEqual({ from: "2026-05-01T10:15:00.000Z", to: null });
  });

  it("goes back three calendar months, to the last day of a shorter month", () => {
    expect(dateFilterRange("three_months", now)).toEqual({ from: "2026-02-28T10:15:00.000Z", to: null });
    expect(dateFilterRange("three_months", new Date("2024-05-31T00:00:00.000Z")).from).toBe("2024-02-29T00:00:00.000Z");
    expect(dateFilterRange("three_months", new Date("2026-02-14T08:00:00.000Z")).from).toBe("2025-11-14T08:00:00.000Z");
  });

  it("counts calendar years in UTC", () => {
    expect(dateFilterRange("this_year", now)).toEqual({
      from: "2026-01-01T00:00:00.000Z",
      to: "2027-01-01T00:00:00.000Z",
    });
    expect(dateFilterRange("last_year", now)).toEqual({
      from: "2025-01-01T00:00:00.000Z",
      to: "2026-01-01T00:00:00.000Z",
    });
    // Just after midnight UTC on New Year's Day the new year has begun, whatever the shopper's clock says.
    expect(dateFilterRange("last_year", new Date("2027-01-01T00:00:01.000Z"))).toEqual({
      from: "2026-01-01T00:00:00.000Z",
      to: "2027-01-01T00:00:00.000Z",
    });
  });
});

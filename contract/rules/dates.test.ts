import { describe, expect, it } from "vitest";
import { ageOn, isAdult, isDateString } from "./dates";

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

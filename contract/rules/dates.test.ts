import { describe, expect, it } from "vitest";
import { ageOn, dateOfParts, isAdult, isDateString, partsOfDate } from "./dates";

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

describe("dateOfParts", () => {
  const parts = (day: string, month: string, year: string) => dateOfParts({ day, month, year });
  it("joins a real date, with or without leading zeros", () => {
    expect(parts("31", "1", "1990")).toEqual({ kind: "date", value: "1990-01-31" });
    expect(parts(" 05 ", "03", "2001")).toEqual({ kind: "date", value: "2001-03-05" });
    expect(parts("29", "2", "2024")).toEqual({ kind: "date", value: "2024-02-29" });
  });
  it("is empty when all three are blank: the date is removed", () =>
    expect(parts("", " ", "")).toEqual({ kind: "empty" }));
  it.each([
    ["30", "", ""],
    ["", "2", "2010"],
    ["30", "2", ""],
  ])("is incomplete with %j %j %j", (day, month, year) =>
    expect(parts(day, month, year)).toEqual({ kind: "incomplete" }),
  );
  it.each([
    ["30", "2", "2010"],
    ["31", "4", "2024"],
    ["29", "2", "2023"],
    ["1", "13", "2000"],
    ["0", "1", "2000"],
    ["1", "1", "90"],
    ["1e1", "1", "2000"],
    ["123", "1", "2000"],
  ])("refuses %j %j %j", (day, month, year) => expect(parts(day, month, year)).toEqual({ kind: "invalid" }));
  it("splits a stored date back into what a person types", () => {
    expect(partsOfDate("1990-01-31")).toEqual({ day: "31", month: "1", year: "1990" });
    expect(partsOfDate(null)).toEqual({ day: "", month: "", year: "" });
  });
});

import { describe, expect, it } from "vitest";
import { isValidPostcode, postcodeExample } from "./postcode";

describe("isValidPostcode", () => {
  const cases: [string, string[], string[]][] = [
    ["PL", ["00-950", "31-042", "80-001"], ["00950", "0-950", "00-9500"]],
    ["ES", ["28013", "01001", "52001", "08001"], ["00123", "53001", "99999", "2801"]],
    ["IT", ["00184", "20121", "90133"], ["0018", "001844", "AB123"]],
    ["DK", ["1050", "0800", "8000", "9990"], ["0100", "0799", "9999", "10500"]],
    ["FR", ["75001", "13001", "20000", "97400"], ["00100", "96000", "7500"]],
    ["PT", ["1100-148", "4000-322"], ["1100148", "0100-148", "1100-14"]],
    ["CZ", ["110 00", "11000", "602 00"], ["010 00", "800 00", "1100"]],
  ];
  for (const [country, valid, invalid] of cases) {
    it(`${country}: accepts ${valid.join(", ")} and refuses ${invalid.join(", ")}`, () => {
      for (const code of valid) expect([code, isValidPostcode(country, code)]).toEqual([code, true]);
      for (const code of invalid) expect([code, isValidPostcode(country, code)]).toEqual([code, false]);
    });
  }
  it("has an example for every brand country that passes its own rule", () => {
    for (const country of ["PL", "ES", "IT", "DK", "FR", "PT", "CZ"])
      expect(isValidPostcode(country, postcodeExample(country))).toBe(true);
  });
});

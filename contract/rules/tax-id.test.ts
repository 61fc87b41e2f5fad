import { describe, expect, it } from "vitest";
import { isValidTaxId } from "./tax-id";

/** Real, published company ids (and a few made-up persons' ids with the right check letter). */
const VALID: Record<string, string[]> = {
  PL: ["5261040828", "PL 526-104-08-28", "7740001454", "PL5260250274"],
  ES: ["A28015865", "ESB65410011", "B-65410011", "Q2826000H", "12345678Z", "X1234567L", "ES 12345678Z"],
  IT: ["07643520567", "IT00743110157", "IT 00905811006"],
  DK: ["10150817", "DK 13585628", "24256790"],
  FR: ["732829320", "404 833 048", "44306184100047", "FR83404833048", "FR 83 404833048"],
  PT: ["500100144", "PT501442600", "PT 503 504 564"],
  CZ: ["25596641", "00027383", "CZ45274649", "CZ 45274649", "CZ7103192745"],
};

/** The same ids with one digit or letter changed, wrong lengths, wrong prefixes. */
const INVALID: Record<string, string[]> = {
  PL: ["5261040827", "526104082", "52610408288", "DE5261040828", "abcdefghij"],
  ES: ["A28015866", "B65410012", "Q2826000A", "12345678A", "X1234567A", "I1234567J", "FR65410011"],
  IT: ["07643520568", "00000000000", "0764352056", "IT07643520560"],
  DK: ["10150818", "01015081", "1015081", "DK10150819"],
  FR: ["732829321", "44306184100048", "FR84404833048", "FR83404833049", "FR732829320", "7328293"],
  PT: ["500100145", "400100144", "50010014", "PT501442601"],
  CZ: ["25596642", "2559664", "CZ45274640", "7103192745", "CZ7103192746"],
};

describe("isValidTaxId", () => {
  for (const [country, ids] of Object.entries(VALID)) {
    it(`accepts real ${country} tax ids with or without the country prefix, spaces and dashes`, () => {
      for (const id of ids) expect([id, isValidTaxId(country, id)]).toEqual([id, true]);
    });
  }
  for (const [country, ids] of Object.entries(INVALID)) {
    it(`refuses ${country} tax ids with a wrong check digit, length or prefix`, () => {
      for (const id of ids) expect([id, isValidTaxId(country, id)]).toEqual([id, false]);
    });
  }
  it("checks an id against the brand's country, not any country", () => {
    expect(isValidTaxId("ES", "5261040828")).toBe(false);
    expect(isValidTaxId("PL", "B65410011")).toBe(false);
    expect(isValidTaxId("DE", "5261040828")).toBe(false);
  });
});

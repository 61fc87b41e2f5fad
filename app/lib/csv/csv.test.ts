import { describe, expect, it } from "vitest";
import { decimalOf, toCsv } from "./csv";

describe("toCsv", () => {
  it("starts with the byte-order mark, ends records with CRLF and quotes only what needs it", () => {
    expect(
      toCsv([
        ["Pedido", "Importe"],
        ["ES-1", 12.5],
      ]),
    ).toBe("\uFEFFPedido,Importe\r\nES-1,12.5\r\n");
    expect(toCsv([['Estudio "Luz", SL', "two\nlines", "plain"]])).toBe(
      '\uFEFF"Estudio ""Luz"", SL","two\nlines",plain\r\n',
    );
  });

  it("keeps a spreadsheet from running a text as a formula, but not a number", () => {
    expect(toCsv([['=HYPERLINK("x")', "@SUM(A1)", "+1", "-cmd", -3, "-2.50"]])).toBe(
      '\uFEFF"\'=HYPERLINK(""x"")",\'@SUM(A1),\'+1,\'-cmd,-3,-2.50\r\n',
    );
  });
});

describe("decimalOf", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [123456, "1234.56"],
    [-250, "-2.50"],
    [100, "1.00"],
  ])("%i minor units are %s", (minor, text) => {
    expect(decimalOf(minor)).toBe(text);
  });
});

/**
 * A CSV file as RFC 4180 describes it, for spreadsheets: CRLF between records, a field quoted when it holds a comma, a
 * quote or a line break (its quotes doubled), UTF-8 with a byte-order mark so that Excel reads the accents. Numbers are
 * written as they are; any other text that a spreadsheet would run as a formula (=, +, -, @) gets a leading '.
 */
export type CsvCell = string | number;

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function field(cell: CsvCell): string {
  const text = typeof cell === "number" || NUMBER.test(cell) || !FORMULA.test(cell) ? String(cell) : `'${cell}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}

/** Integer minor units as a decimal number with two places ("1234.50"), without floating-point rounding. */
export function decimalOf(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

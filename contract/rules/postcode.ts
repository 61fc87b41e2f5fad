/** Postcodes of the brand countries, as the checkout's address step and the product API check them. */
type CheckoutCountry = "PL" | "ES" | "IT" | "DK" | "FR" | "PT" | "CZ";

const POSTCODES: Record<CheckoutCountry, { pattern: RegExp; example: string }> = {
  PL: { pattern: /^\d{2}-\d{3}$/, example: "00-950" },
  // The first two digits are the province, 01 (Álava) to 52 (Melilla).
  ES: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: "28013" },
  IT: { pattern: /^\d{5}$/, example: "00184" },
  // Copenhagen starts at 0800 (Høje Taastrup's PO boxes); Bornholm and the islands end at 9990.
  DK: { pattern: /^(0[89]\d{2}|[1-8]\d{3}|9[0-8]\d{2}|99[0-8]\d|9990)$/, example: "1050" },
  // Départements 01 to 95 and the overseas 97x/98x (Corsica is 20xxx).
  FR: { pattern: /^(0[1-9]|[1-8]\d|9[0-5]|97|98)\d{3}$/, example: "75001" },
  // The first digit is never 0.
  PT: { pattern: /^[1-9]\d{3}-\d{3}$/, example: "1100-148" },
  // Written "110 00"; the first digit is 1 to 7.
  CZ: { pattern: /^[1-7]\d{2} ?\d{2}$/, example: "110 00" },
};

export function isValidPostcode(country: string, value: string): boolean {
  const rule = POSTCODES[country as CheckoutCountry];
  return !!rule && rule.pattern.test(value.trim());
}

export function postcodeExample(country: string): string {
  return POSTCODES[country as CheckoutCountry]?.example ?? "";
}

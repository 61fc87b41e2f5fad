/**
 * Country rules of the checkout for the eight brand countries: postcodes and company tax ids.
 * Pure functions, shared by the storefront (field errors) and the product API (which checks again).
 */
export type CheckoutCountry = "PL" | "ES" | "IT" | "DK" | "FR" | "PT" | "CZ";

const POSTCODES: Record<CheckoutCountry, { pattern: RegExp; example: string }> = {
  PL: { pattern: /^\d{2}-\d{3}$/, example: "00-950" },
  ES: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: "28013" },
  IT: { pattern: /^\d{5}$/, example: "00184" },
  DK: { pattern: /^\d{4}$/, example: "1050" },
  FR: { pattern: /^\d{5}$/, example: "75001" },
  PT: { pattern: /^\d{4}-\d{3}$/, example: "1100-148" },
  CZ: { pattern: /^\d{3} ?\d{2}$/, example: "110 00" },
};

export function isValidPostcode(country: string, value: string): boolean {
  const rule = POSTCODES[country as CheckoutCountry];
  return !!rule && rule.pattern.test(value.trim());
}

export function postcodeExample(country: string): string {
  return POSTCODES[country as CheckoutCountry]?.example ?? "";
}

/** A company's tax id for the country (checksums where the country has one). */
export function isValidTaxId(country: string, value: string): boolean {
  const id = value.replace(/[\s.-]/g, "").toUpperCase().replace(new RegExp(`^${country}`), "");
  switch (country) {
    case "PL": return /^\d{10}$/.test(id);
    case "ES": return /^[A-Z0-9]\d{7}[A-Z0-9]$/.test(id);
    case "IT": return /^\d{11}$/.test(id);
    case "DK": return /^\d{8}$/.test(id);
    case "FR": return /^(\d{9}|\d{14}|[0-9A-Z]{2}\d{9})$/.test(id);
    case "PT": return /^\d{9}$/.test(id);
    case "CZ": return /^\d{8,10}$/.test(id);
    default: return false;
  }
}

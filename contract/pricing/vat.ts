/** VAT of each brand country, in percent. Prices include it. */
export const VAT_RATES: Record<string, number> = { PL: 23, ES: 21, IT: 22, DK: 25, FR: 20, PT: 23, CZ: 21 };

export function vatRateOf(country: string): number {
  const rate = VAT_RATES[country];
  if (rate === undefined) throw new RangeError(`No VAT rate for ${country}`);
  return rate;
}

/** The VAT inside a price that includes it, rounded to the minor unit. */
export const vatIncluded = (gross: number, rate: number) => Math.round((gross * rate) / (100 + rate));

import type { Totals } from "../api/totals";
import { invoiceTotals } from "./totals";

/** The rate a master earns on its group's orders until the shop sets another in its config (percent). */
export const DEFAULT_COMMISSION_RATE = 5;

/** A commission on an order: `rate` percent of its total without VAT, rounded to the minor unit. */
export function commissionOf(totals: Totals, rate: number) {
  const base = invoiceTotals(totals).net;
  return { base, rate, amount: Math.round((base * rate) / 100) };
}

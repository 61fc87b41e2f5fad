import type { Totals } from "../api/totals";
import { vatIncluded, vatRateOf } from "./vat";

/**
 * The one computation of a total: the lines' subtotal less the promotion, plus shipping, with the VAT of the brand's
 * country inside it. The product API runs it for carts, checkouts and orders; nothing else adds money up.
 */
export function totalsOf({
  subtotal,
  promotion,
  shipping,
  country,
}: {
  subtotal: number;
  promotion: Totals["promotion"];
  shipping: number;
  country: string;
}): Totals {
  const total = subtotal - (promotion?.amount ?? 0) + shipping;
  const vatRate = vatRateOf(country);
  return { subtotal, promotion, shipping, vatRate, vat: vatIncluded(total, vatRate), total };
}

/** What goes on free shipping's threshold: the lines after the promotion. */
export const afterPromotion = (totals: Pick<Totals, "subtotal" | "promotion">) =>
  totals.subtotal - (totals.promotion?.amount ?? 0);

/** An invoice's figures for an order: the gross it was paid, the VAT inside it and the net before VAT. */
export function invoiceTotals(totals: Totals) {
  return { gross: totals.total, vatRate: totals.vatRate, vat: totals.vat, net: totals.total - totals.vat };
}

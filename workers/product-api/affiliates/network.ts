/** A paid order's conversion as a network is told of it, server to server. */
export type ConversionReport = {
  /** The order's public id: the network's own key for it, so a repeated report is one conversion there. */
  orderRef: string;
  site: string;
  affiliateId: number | null;
  awc: string | null;
  /** The order's total without VAT, in minor units. */
  amount: number;
  currency: string;
  paidAt: string;
};

/** The network's answer: its reference for the conversion, or why not, and whether trying again may help. */
export type ReportOutcome = { ok: true; reference: string } | { ok: false; error: string; retry: boolean };

/**
 * What the product API needs from an affiliate network (like the storefront's PaymentProvider): report a conversion. A
 * real network (Awin's conversion API...) is another implementation and a name in affiliateNetworkOf
 * (configured-network.ts).
 */
export interface AffiliateNetwork {
  readonly name: string;
  report(conversion: ConversionReport): Promise<ReportOutcome>;
}

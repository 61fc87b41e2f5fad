import { sandboxNetwork } from "./sandbox-network";

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
 * What the product API needs from an affiliate network (like the storefront's PaymentProvider): report a conversion.
 * A real network (Awin's conversion API...) is another implementation and a name in affiliateNetworkOf.
 */
export interface AffiliateNetwork {
  readonly name: string;
  report(conversion: ConversionReport): Promise<ReportOutcome>;
}

/** The configured network (AFFILIATE_NETWORK); an unknown name stops the worker at start-up (index.ts). */
export function affiliateNetworkOf(env: Pick<ProductApiEnv, "AFFILIATE_NETWORK">): AffiliateNetwork {
  if (env.AFFILIATE_NETWORK !== "sandbox") {
    throw new Error(
      `Affiliate network "${env.AFFILIATE_NETWORK ?? ""}" is invalid: AFFILIATE_NETWORK must be "sandbox"`,
    );
  }
  return sandboxNetwork;
}

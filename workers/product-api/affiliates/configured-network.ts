import type { AffiliateNetwork } from "./network";
import { sandboxNetwork } from "./sandbox-network";

/** The configured network (AFFILIATE_NETWORK); an unknown name stops the worker at start-up (index.ts). */
export function affiliateNetworkOf(env: Pick<ProductApiEnv, "AFFILIATE_NETWORK">): AffiliateNetwork {
  if (env.AFFILIATE_NETWORK !== "sandbox") {
    throw new Error(
      `Affiliate network "${env.AFFILIATE_NETWORK ?? ""}" is invalid: AFFILIATE_NETWORK must be "sandbox"`,
    );
  }
  return sandboxNetwork;
}

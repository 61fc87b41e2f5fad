import { z } from "zod";

/**
 * What a cart, a checkout and an order cost, in integer minor units, VAT included. The product API computes it
 * (contract/pricing/totals.ts) and every page shows it as it comes.
 */
export const totalsSchema = z.object({
  /** The lines, after their quantity tiers. */
  subtotal: z.number().int(),
  promotion: z.object({ code: z.string(), discountPercent: z.number().int(), amount: z.number().int() }).nullable(),
  shipping: z.number().int(),
  vatRate: z.number(),
  vat: z.number().int(),
  total: z.number().int(),
});
export type Totals = z.infer<typeof totalsSchema>;

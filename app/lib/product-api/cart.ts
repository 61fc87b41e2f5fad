import { z } from "zod";
import { MAX_LINE_QUANTITY, PROMOTION_STATES } from "./constants";

// Re-exported for the product API and the server; components import them from ./constants (no zod in the browser).
export { MAX_LINE_QUANTITY, PROMOTION_STATES };

/** The cart part of the product API contract. Money is integer minor units, VAT included. */

export type PromotionState = (typeof PROMOTION_STATES)[number];

export const cartLineSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  options: z.array(z.object({ id: z.number().int(), group: z.string(), code: z.string() })),
  /** Every option of the article, so the cart can offer to change them. */
  availableOptions: z.array(z.object({ id: z.number().int(), group: z.string(), code: z.string(), priceDelta: z.number().int() })).default([]),
  quantity: z.number().int().positive(),
  unitPrice: z.number().int(),
  discountPercent: z.number().int(),
  total: z.number().int(),
  designId: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  id: z.string(),
  currency: z.string().length(3),
  lines: z.array(cartLineSchema),
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  promotion: z.object({ code: z.string(), discountPercent: z.number().int(), amount: z.number().int() }).nullable(),
  shipping: z.number().int(),
  vatRate: z.number(),
  vat: z.number().int(),
  total: z.number().int(),
});
export type Cart = z.infer<typeof cartSchema>;

export const promotionResultSchema = z.object({ state: z.enum(PROMOTION_STATES), cart: cartSchema });

/** The cheap read behind the header's count and the cart guards. */
export const cartSummarySchema = z.object({ id: z.string(), lineCount: z.number().int(), itemCount: z.number().int() });
export type CartSummary = z.infer<typeof cartSummarySchema>;

/** After a login: the customer's one open cart (null when neither the guest nor the customer had one). */
export const cartMergeResultSchema = z.object({ cart: cartSchema.nullable() });

/** The most of one line: adding more, or merging carts, stops here. */

/** VAT of each brand's country, in percent: prices include it. */
export const VAT_RATES: Record<string, number> = { PL: 23, ES: 21, IT: 22, DK: 25, FR: 20, PT: 23, CZ: 21 };

import { z } from "zod";

/** The cart part of the product API contract. Money is integer minor units, VAT included. */

export const PROMOTION_STATES = ["APPLIED", "EXPIRED", "NOT_APPLICABLE", "UNKNOWN"] as const;

export const cartLineSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  options: z.array(z.object({ id: z.number().int(), group: z.string(), code: z.string() })),
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

/** VAT of each brand's country, in percent: prices include it. */
export const VAT_RATES: Record<string, number> = { PL: 23, ES: 21, IT: 22, DK: 25, FR: 20, PT: 23, CZ: 21 };

/** The shipping estimate by currency, and the subtotal from which shipping is free (minor units). */
export const SHIPPING: Record<string, { price: number; freeFrom: number }> = {
  EUR: { price: 495, freeFrom: 5000 },
  PLN: { price: 1499, freeFrom: 19900 },
  DKK: { price: 3900, freeFrom: 40000 },
  CZK: { price: 9900, freeFrom: 150000 },
};

import { z } from "zod";
import { MAX_LINE_QUANTITY, OPTION_GROUPS, PROMOTION_STATES } from "./enums";
import { customerIdParam, localeParam, siteParams, visitorParams } from "./params";
import { totalsSchema } from "./totals";
import { uploadId } from "./uploads";

/** The cart part of the product API contract. Money is integer minor units, VAT included. */

export type PromotionState = (typeof PROMOTION_STATES)[number];

const lineOption = z.object({ id: z.number().int(), group: z.enum(OPTION_GROUPS), code: z.string() });

const cartLineSchema = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  options: z.array(lineOption),
  /** Every option of the article, so the cart can offer to change them. */
  availableOptions: z.array(lineOption.extend({ priceDelta: z.number().int() })).default([]),
  quantity: z.number().int().positive().max(MAX_LINE_QUANTITY),
  unitPrice: z.number().int(),
  discountPercent: z.number().int(),
  total: z.number().int(),
  designId: z.string().nullable(),
  /**
   * A creator design's line: the printed version it sells, the design's name and its preview (an upload of its owner).
   */
  designVersion: z.number().int().positive().nullable().default(null),
  designName: z.string().nullable().default(null),
  designPreview: uploadId.nullable().default(null),
  /** Its print file (the order keeps it with the preview). */
  designPrint: uploadId.nullable().default(null),
  /**
   * A paged creator design's line (a photo book, a calendar): the inner pages of its version, counted by the API from
   * the saved document, and how many of them are past the article's included pages (their price is in `unitPrice`).
   */
  innerPages: z.number().int().positive().nullable().default(null),
  extraPages: z.number().int().nonnegative().default(0),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  id: z.string(),
  currency: z.string().length(3),
  lines: z.array(cartLineSchema),
  itemCount: z.number().int(),
  /** Shipping here is the estimate: the cheapest home delivery. */
  totals: totalsSchema,
  /**
   * How much more (after the promotion) makes delivery free: 0 once reached, null where the currency has no threshold.
   */
  freeShippingRemaining: z.number().int().nonnegative().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;

export const promotionResultSchema = z.object({ state: z.enum(PROMOTION_STATES), cart: cartSchema });

/** The cheap read behind the header's count and the cart guards. */
export const cartSummarySchema = z.object({ id: z.string(), lineCount: z.number().int(), itemCount: z.number().int() });
export type CartSummary = z.infer<typeof cartSummarySchema>;

/** After a login: the customer's one open cart (null when neither the guest nor the customer had one). */
export const cartMergeResultSchema = z.object({ cart: cartSchema.nullable() });

/** A cart answer names its articles in a language. */
export const cartParams = visitorParams.extend({ locale: localeParam });
export const cartCreateParams = cartParams.extend(siteParams.shape);
/** After a login: the guest's cart (if any) joins the customer's open cart on the site. */
export const cartMergeParams = cartParams.extend({
  ...siteParams.shape,
  customer_id: customerIdParam,
  guest_cart_id: z.string().min(1).max(64).optional(),
});

/** Option ids, comma-separated; the API checks that they are the article's, one per group. */
const optionIdList = z.string().regex(/^(\d+(,\d+){0,9})?$/);
const lineQuantity = z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY);
export const cartLineParams = cartParams.extend({
  article_id: z.coerce.number().int().positive(),
  options: optionIdList.default(""),
  quantity: lineQuantity,
  /**
   * A catalogue design's id, or a creator design (`cd_…`) of the visitor's that has a print file: its printed version
   * is sold.
   */
  design_id: z.string().max(100).optional(),
});
/** Without options, a change keeps the line's options. */
export const cartLineChangeParams = cartParams.extend({ quantity: lineQuantity, options: optionIdList.optional() });
export const promotionParams = cartParams.extend({ code: z.string().trim().min(1).max(40) });

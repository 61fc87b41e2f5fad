import { z } from "zod";
import { MAX_LINE_QUANTITY, OPTION_GROUPS, PROMOTION_STATES } from "@contract/api/enums";

/** The cart page's one form, by intent. The product page's "add to cart" posts the add fields. */

const optionId = z.coerce.number().int().positive();
const quantity = z.coerce
  .number({ error: "quantity" })
  .int("quantity")
  .min(1, "quantity")
  .max(MAX_LINE_QUANTITY, "quantity");
const lineId = z.coerce.number().int().positive();
const chosenOptions = {
  option_size: optionId.optional(),
  option_finish: optionId.optional(),
  option_paper: optionId.optional(),
};

/** A design the shopper came from: an id as the design pages use it (letters, digits, dashes). */
export const designId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
/** Promotion codes as the shop prints them; anything else is not a code. */
export const promotionCode = z.string().trim().min(1, "code").max(40, "code");

export const cartForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    article_id: optionId,
    quantity,
    design_id: designId.optional(),
    ...chosenOptions,
  }),
  z.object({
    intent: z.literal("update"),
    line: lineId,
    quantity,
    step: z.enum(["-1", "1"]).optional(),
    ...chosenOptions,
  }),
  z.object({ intent: z.literal("remove"), line: lineId }),
  z.object({ intent: z.literal("applyPromotion"), code: promotionCode }),
  z.object({ intent: z.literal("removePromotion") }),
]);
export type CartForm = z.output<typeof cartForm>;
export type CartIntent = CartForm["intent"];

/** The chosen option ids of a form, one per group. */
export function formOptions(form: Partial<Record<`option_${(typeof OPTION_GROUPS)[number]}`, number>>): number[] {
  return OPTION_GROUPS.map((group) => form[`option_${group}`]).filter((id): id is number => id !== undefined);
}

/**
 * What the page says after a change: in the action's answer (with JavaScript) or in the URL it redirects to (without).
 */
export const cartNotice = z.object({
  added: z.literal("1").optional().catch(undefined),
  promotion: z.enum(PROMOTION_STATES).optional().catch(undefined),
  code: promotionCode.optional().catch(undefined),
  blocked: z.literal("1").optional().catch(undefined),
});
export type CartNotice = z.infer<typeof cartNotice>;

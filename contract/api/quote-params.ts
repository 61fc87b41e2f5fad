import { z } from "zod";
import { LOCALES } from "../locales/locales";
import { actorParams } from "./accounts";
import type { QUOTE_STATUSES } from "./enums";
import { customerIdParam, siteParams, siteUrlParam } from "./params";
import { email, name, quoteFields } from "./quotes";

/**
 * The product API's side of quote requests (docs/decisions/0039): what its calls take, and who may move a quote where.
 * Apart from contract/api/quotes.ts (the forms), so the storefront's bundle carries only what it checks itself.
 */

/** A new quote request: a guest's (name and e-mail) or an account's (`account_id`). */
export const quoteCreateParams = siteParams
  .extend({
    locale: z.enum(LOCALES),
    site_url: siteUrlParam,
    account_id: customerIdParam.optional(),
    name: name.optional(),
    email: email.optional(),
    ...quoteFields,
  })
  .superRefine((value, ctx) => {
    if (value.account_id) return;
    if (!value.name) ctx.addIssue({ code: "custom", path: ["name"], message: "tickets.errors.nameRequired" });
    if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: "tickets.errors.emailRequired" });
  });

export type QuoteStatus = (typeof QUOTE_STATUSES)[keyof typeof QUOTE_STATUSES];
const quoteStatus = z.coerce.number().pipe(z.union([z.literal(8), z.literal(5), z.literal(100)]));

/** The customer accepts a priced quote (8 confirmed) or withdraws the request (100 canceled). */
export const quoteStatusParams = actorParams.extend({
  status: z.coerce.number().pipe(z.union([z.literal(8), z.literal(100)])),
});
/** Support's moves (the operator's development endpoint): any status of the set. */
export const quoteOperatorStatusParams = z.object({ status: quoteStatus });

/**
 * Who may move a quote where (docs/decisions/0039): while asked (null) the customer confirms once support has answered
 * with a price, and either side cancels; a confirmed quote is completed or canceled by support; 5 and 100 are final.
 */
export function quoteMoveAllowed(
  from: QuoteStatus | null,
  to: QuoteStatus,
  by: "customer" | "support",
  answered: boolean,
): boolean {
  if (from === null) return to === 100 || (to === 8 && (answered || by === "support"));
  if (from === 8) return by === "support" && (to === 5 || to === 100);
  return false;
}

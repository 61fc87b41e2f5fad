import { z } from "zod";
import { LOCALES } from "../locales/locales";
import { isDateString } from "../rules/dates";
import { isEmail } from "../rules/email";
import { actorParams } from "./accounts";
import { DELIVERY_ARRANGEMENTS, QUOTE_STATUSES } from "./enums";
import { customerIdParam, siteParams, siteUrlParam } from "./params";
import { TICKET_LIMITS } from "./tickets";

/**
 * A company's request for a quote (the contact channel formContactRequestBudget, docs/decisions/0039): a ticket of
 * kind QUOTE, answered by support like any ticket, whose life then follows the spec's other status set. Field messages
 * are translation keys.
 */

export const QUOTE_LIMITS = { company: 200, productsMin: 3, products: 1000, quantity: 100_000, deadlineDays: 366 } as const;

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

const company = z.string().trim().min(1, "quotes.errors.companyRequired").max(QUOTE_LIMITS.company, "tickets.errors.tooLong");
const phone = z.string().trim().max(30, "quotes.errors.phone").optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || /^\+?[0-9 ()-]{6,20}$/.test(value), "quotes.errors.phone");
const products = z.string().trim().min(QUOTE_LIMITS.productsMin, "quotes.errors.productsRequired").max(QUOTE_LIMITS.products, "tickets.errors.tooLong");
/** Whole pieces, as typed ("250"): anything else, none or more than a print run, is refused with one message. */
const quantity = z.union([z.string(), z.number()]).transform(String).pipe(
  z.string().trim().regex(/^\d{1,6}$/, "quotes.errors.quantity").transform(Number).refine((value) => value >= 1 && value <= QUOTE_LIMITS.quantity, "quotes.errors.quantity"),
);
/** The days a deadline may be: from tomorrow (UTC: the workshop needs at least a day) to a year ahead. */
export function quoteDeadlineRange(now: number = Date.now()) {
  return { min: isoDay(now + DAY_MS), max: isoDay(now + QUOTE_LIMITS.deadlineDays * DAY_MS) };
}
const deadline = z.string().trim()
  .refine(isDateString, "quotes.errors.deadline")
  .refine((value) => value >= quoteDeadlineRange().min, "quotes.errors.deadlinePast")
  .refine((value) => value <= quoteDeadlineRange().max, "quotes.errors.deadlineFar");
const arrangement = z.enum(DELIVERY_ARRANGEMENTS, { message: "quotes.errors.arrangement" });
const details = z.string().trim().max(TICKET_LIMITS.message, "tickets.errors.messageTooLong").optional().transform((value) => value || undefined);
const name = z.string().trim().min(1, "tickets.errors.nameRequired").max(TICKET_LIMITS.name, "tickets.errors.tooLong");
const email = z.string().trim().toLowerCase().min(1, "tickets.errors.emailRequired").max(254, "tickets.errors.tooLong").refine(isEmail, "tickets.errors.email");

const quoteFields = { company, phone, products, quantity, deadline, arrangement, message: details };

/** A signed-in account's quote request (who asks comes from the account). */
export const accountQuoteForm = z.object(quoteFields);
/** A guest's quote request from the contact page. */
export const quoteForm = accountQuoteForm.extend({ name, email });

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
export const quoteStatusParams = actorParams.extend({ status: z.coerce.number().pipe(z.union([z.literal(8), z.literal(100)])) });
/** Support's moves (the operator's development endpoint): any status of the set. */
export const quoteOperatorStatusParams = z.object({ status: quoteStatus });

/**
 * Who may move a quote where (docs/decisions/0039): while asked (null) the customer confirms once support has answered
 * with a price, and either side cancels; a confirmed quote is completed or canceled by support; 5 and 100 are final.
 */
export function quoteMoveAllowed(from: QuoteStatus | null, to: QuoteStatus, by: "customer" | "support", answered: boolean): boolean {
  if (from === null) return to === 100 || (to === 8 && (answered || by === "support"));
  if (from === 8) return by === "support" && (to === 5 || to === 100);
  return false;
}

import { z } from "zod";
import { isDateString } from "../rules/dates";
import { isEmail } from "../rules/email";
import { DELIVERY_ARRANGEMENTS } from "./enums";
import { TICKET_LIMITS } from "./tickets";

/**
 * A company's request for a quote (the contact channel formContactRequestBudget, docs/decisions/0039): a ticket of
 * kind QUOTE, answered by support like any ticket, whose life then follows the spec's other status set. Field messages
 * are translation keys.
 */

const QUOTE_LIMITS = {
  company: 200,
  productsMin: 3,
  products: 1000,
  quantity: 100_000,
  deadlineDays: 366,
} as const;

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

const company = z
  .string()
  .trim()
  .min(1, "quotes.errors.companyRequired")
  .max(QUOTE_LIMITS.company, "tickets.errors.tooLong");
const phone = z
  .string()
  .trim()
  .max(30, "checkout.errors.phone")
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || /^\+?[0-9 ()-]{6,20}$/.test(value), "checkout.errors.phone");
const products = z
  .string()
  .trim()
  .min(QUOTE_LIMITS.productsMin, "quotes.errors.productsRequired")
  .max(QUOTE_LIMITS.products, "tickets.errors.tooLong");
/** Whole pieces, as typed ("250"): anything else, none or more than a print run, is refused with one message. */
const quantity = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, "quotes.errors.quantity")
      .transform(Number)
      .refine((value) => value >= 1 && value <= QUOTE_LIMITS.quantity, "quotes.errors.quantity"),
  );
/** The days a deadline may be: from tomorrow (UTC: the workshop needs at least a day) to a year ahead. */
export function quoteDeadlineRange(now: number = Date.now()) {
  return { min: isoDay(now + DAY_MS), max: isoDay(now + QUOTE_LIMITS.deadlineDays * DAY_MS) };
}
const deadline = z
  .string()
  .trim()
  .refine(isDateString, "quotes.errors.deadline")
  .refine((value) => value >= quoteDeadlineRange().min, "quotes.errors.deadlinePast")
  .refine((value) => value <= quoteDeadlineRange().max, "quotes.errors.deadlineFar");
const arrangement = z.enum(DELIVERY_ARRANGEMENTS, { message: "quotes.errors.arrangement" });
const details = z
  .string()
  .trim()
  .max(TICKET_LIMITS.message, "tickets.errors.messageTooLong")
  .optional()
  .transform((value) => value || undefined);
export const name = z
  .string()
  .trim()
  .min(1, "tickets.errors.nameRequired")
  .max(TICKET_LIMITS.name, "tickets.errors.tooLong");
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "tickets.errors.emailRequired")
  .max(254, "tickets.errors.tooLong")
  .refine(isEmail, "tickets.errors.email");

export const quoteFields = { company, phone, products, quantity, deadline, arrangement, message: details };

/** A signed-in account's quote request (who asks comes from the account). */
export const accountQuoteForm = z.object(quoteFields);
/** A guest's quote request from the contact page. */
export const quoteForm = accountQuoteForm.extend({ name, email });

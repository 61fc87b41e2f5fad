import { z } from "zod";
import { LOCALES } from "../locales/locales";
import { isEmail } from "../rules/email";
import { actorParams } from "./accounts";
import { DELIVERY_ARRANGEMENTS, TICKET_AUTHORS, TICKET_KINDS, TICKET_STATUSES } from "./enums";
import { PUBLIC_ID_PATTERN } from "./orders";
import { customerIdParam, siteParams, siteUrlParam } from "./params";

/**
 * The support tickets part of the product API contract: a ticket opened from the contact form (a guest) or from an
 * account, its conversation with support, and the forms both sides check. Field messages are translation keys.
 */

/** A ticket's public id: `TK-` and eight upper-case letters or digits, e.g. `TK-7K3M9Q2X`. */
const TICKET_PUBLIC_ID_PATTERN = /^TK-[A-Z0-9]{8}$/;
export const ticketPublicId = z.string().regex(TICKET_PUBLIC_ID_PATTERN);

export const TICKET_LIMITS = { name: 100, subject: 120, message: 5000, newMessageMin: 10 } as const;
/** Tickets on one page of the account's list. */
export const TICKETS_PAGE_SIZE = 20;

const name = z.string().trim().min(1, "tickets.errors.nameRequired").max(TICKET_LIMITS.name, "tickets.errors.tooLong");
const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "tickets.errors.emailRequired")
  .max(254, "tickets.errors.tooLong")
  .refine(isEmail, "tickets.errors.email");
const subject = z
  .string()
  .trim()
  .min(1, "tickets.errors.subjectRequired")
  .max(TICKET_LIMITS.subject, "tickets.errors.tooLong");
/** Typed or read out, order numbers often come in lower case or with spaces around them. */
const orderNumber = z
  .string()
  .trim()
  .toUpperCase()
  .max(64, "tickets.errors.orderNumber")
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || PUBLIC_ID_PATTERN.test(value), "tickets.errors.orderNumber");
const message = z
  .string()
  .trim()
  .min(1, "tickets.errors.messageRequired")
  .max(TICKET_LIMITS.message, "tickets.errors.messageTooLong");
/** The first message says what the matter is: a few words at least. */
const firstMessage = message.refine(
  (value) => value.length >= TICKET_LIMITS.newMessageMin,
  "tickets.errors.messageTooShort",
);

/** The contact form of a guest. */
export const contactForm = z.object({ name, email, order_public_id: orderNumber, message: firstMessage });
/** A signed-in customer's new ticket (name and e-mail come from the account). */
export const newTicketForm = z.object({ subject, order_public_id: orderNumber, message: firstMessage });
export const ticketReplyForm = z.object({ message });

/**
 * A new ticket and its first message: a guest's (name and e-mail) or an account's (`account_id`, with a subject). An
 * order number must be an order the sender may see; the API checks it and answers a field error otherwise.
 */
export const ticketCreateParams = siteParams
  .extend({
    locale: z.enum(LOCALES),
    site_url: siteUrlParam,
    account_id: customerIdParam.optional(),
    name: name.optional(),
    email: email.optional(),
    subject: subject.optional(),
    order_public_id: orderNumber,
    message: firstMessage,
  })
  .superRefine((value, ctx) => {
    if (value.account_id) {
      if (!value.subject)
        ctx.addIssue({ code: "custom", path: ["subject"], message: "tickets.errors.subjectRequired" });
      return;
    }
    if (!value.name) ctx.addIssue({ code: "custom", path: ["name"], message: "tickets.errors.nameRequired" });
    if (!value.email) ctx.addIssue({ code: "custom", path: ["email"], message: "tickets.errors.emailRequired" });
  });

/** The account's tickets, newest activity first, one page at a time, optionally of one status. */
export const ticketListParams = actorParams.extend({
  status: z.enum(TICKET_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ticketReadParams = actorParams;
export const ticketReplyParams = actorParams.extend({ message });
/** The customer closes the matter (RESOLVED) or puts it away (ARCHIVED); an archived ticket reopens by a reply. */
export const ticketStatusParams = actorParams.extend({ status: z.enum(["RESOLVED", "ARCHIVED"]) });
/**
 * Support's answer (the operator's development endpoint); `site_url` overrides the brand's own address in the e-mail.
 */
export const ticketAgentReplyParams = z.object({ message, site_url: siteUrlParam.optional() });

const ticketMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(TICKET_AUTHORS),
  /** The customer who wrote it (a member of a group sees who); null for support. */
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});

/** A quote request's details and where its life stands (null while asked and priced; then 8, 5 or 100). */
const ticketQuoteSchema = z.object({
  company: z.string(),
  phone: z.string().nullable(),
  products: z.string(),
  quantity: z.number().int(),
  deadline: z.string(),
  arrangement: z.enum(DELIVERY_ARRANGEMENTS),
  status: z.union([z.literal(8), z.literal(5), z.literal(100)]).nullable(),
});
export type TicketQuote = z.infer<typeof ticketQuoteSchema>;

export const ticketSummarySchema = z.object({
  publicId: z.string(),
  kind: z.enum(TICKET_KINDS),
  /** A quote request's details; null for a support question. */
  quote: ticketQuoteSchema.nullable(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  orderPublicId: z.string().nullable(),
  /** Who opened it. */
  name: z.string(),
  createdAt: z.string(),
  /** The last activity: the newest message or change of status. */
  updatedAt: z.string(),
  lastAuthor: z.enum(TICKET_AUTHORS),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketSchema = ticketSummarySchema.extend({
  email: z.string(),
  locale: z.string(),
  messages: z.array(ticketMessageSchema),
});
export type Ticket = z.infer<typeof ticketSchema>;

const ticketCountsSchema = z.object({
  PENDING: z.number().int(),
  RESOLVED: z.number().int(),
  ARCHIVED: z.number().int(),
});
export const ticketListSchema = z.object({
  items: z.array(ticketSummarySchema),
  /** Every status's count, whatever the filter. */
  counts: ticketCountsSchema,
  page: z.number().int(),
  pageCount: z.number().int(),
});
export type TicketList = z.infer<typeof ticketListSchema>;

import { Hono, type Context } from "hono";
import { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import { quoteCreateParams, quoteMoveAllowed, quoteStatusParams } from "@contract/api/quote-params";
import {
  ticketCreateParams,
  ticketListParams,
  ticketPublicId,
  ticketReadParams,
  ticketReplyParams,
  ticketStatusParams,
  TICKETS_PAGE_SIZE,
} from "@contract/api/tickets";
import { brandBySlug } from "@contract/brands/brands";
import { actorOrAnswer, forbidden, may, visibleTo, type Actor } from "../accounts/actor";
import { firstRow, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { ticketCreatedEmail } from "./emails";
import {
  addCustomerMessage,
  changeQuoteStatus,
  changeStatus,
  insertTicket,
  ticketCounts,
  ticketMessages,
  ticketPage,
  ticketWhere,
  visibleTickets,
  type TicketRow,
} from "./queries";
import { ticketSummaryView, ticketView } from "./view";

const publicIdParam = z.object({ publicId: ticketPublicId });
const SUBJECT_FROM_MESSAGE = 80;

/** A guest's subject: the message's first words, cut at a word. */
function subjectOf(message: string) {
  const line = message
    .split("\n")
    .find((part) => part.trim())!
    .replace(/\s+/g, " ")
    .trim();
  if (line.length <= SUBJECT_FROM_MESSAGE) return line;
  const cut = line.slice(0, SUBJECT_FROM_MESSAGE - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 40 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/**
 * Whether the sender may name this order: an account one it may see, a guest one placed with its e-mail on this site.
 */
async function mayNameOrder(env: ProductApiEnv, site: string, publicId: string, sender: Actor | { email: string }) {
  const whose =
    "account" in sender ? visibleTo(sender, "orders", sql`customer_id`) : sql`LOWER(TRIM(email)) = ${sender.email}`;
  return !!(await firstRow(
    env,
    sql`SELECT 1 AS found FROM orders WHERE site = ${site} AND public_id = ${publicId} AND ${whose}`,
  ));
}

const notFound = (c: Context<ProductApi>) => apiError(c, 404, API_ERROR_CODES.notFound, "Ticket not found");

/**
 * The actor and the ticket it may see: the 403 for an account without the permission, the same 404 for any ticket it
 * may not see.
 */
async function visibleTicket(
  c: Context<ProductApi>,
  site: string,
  accountId: string,
  publicId: string,
): Promise<{ actor: Actor; ticket: TicketRow } | Response> {
  const actor = await actorOrAnswer(c, site, accountId);
  if (actor instanceof Response) return actor;
  if (!may(actor, "tickets")) return forbidden(c);
  const ticket = await ticketWhere(
    c.env,
    sql`t.public_id = ${publicId} AND t.site = ${site} AND ${visibleTickets(actor)}`,
  );
  return ticket ? { actor, ticket } : notFound(c);
}

const fullTicket = async (env: ProductApiEnv, publicId: string) => {
  const ticket = (await ticketWhere(env, sql`t.public_id = ${publicId}`))!;
  return ticketView(ticket, await ticketMessages(env, ticket.id));
};

/**
 * Support tickets: opened from the contact form by a guest or from the account area, then a conversation with support
 * (whose answers come through the operator's endpoint). Every call about an account's tickets names the acting account;
 * a ticket it may not see does not exist for it.
 */
export const tickets = new Hono<ProductApi>()
  /** A company's quote request (docs/decisions/0039): a ticket of kind QUOTE, where the brand takes them. */
  .post("/quotes", validate("form", quoteCreateParams), async (c) => {
    const body = c.req.valid("form");
    const brand = brandBySlug(body.site);
    if (!brand) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${body.site}`);
    if (!brand.contactChannels.includes("formContactRequestBudget"))
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, `${body.site} takes no quote requests`);
    let actor: Actor | null = null;
    if (body.account_id) {
      const found = await actorOrAnswer(c, body.site, body.account_id);
      if (found instanceof Response) return found;
      if (!may(found, "tickets")) return forbidden(c);
      actor = found;
    }
    const quote = {
      company: body.company,
      phone: body.phone ?? null,
      products: body.products,
      quantity: body.quantity,
      deadline: body.deadline,
      arrangement: body.arrangement,
    };
    const ticket = {
      site: body.site,
      locale: body.locale,
      accountId: actor?.account.id ?? null,
      email: actor ? actor.account.email : body.email!,
      orderPublicId: null,
      name: actor ? `${actor.account.firstName} ${actor.account.lastName}`.trim() || actor.account.email : body.name!,
      // Language-free, as support reads it in any language: "250 × Mugs with our logo".
      subject: subjectOf(`${body.quantity} × ${body.products}`),
      message: body.message ?? body.products,
      quote,
    };
    const publicId = await insertTicket(c.env, ticket, (id) =>
      ticketCreatedEmail({ ...ticket, publicId: id }, ticket.message, brand, body.site_url),
    );
    return c.json(await fullTicket(c.env, publicId), 201);
  })
  .post("/", validate("form", ticketCreateParams), async (c) => {
    const body = c.req.valid("form");
    const brand = brandBySlug(body.site);
    if (!brand) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${body.site}`);
    let actor: Actor | null = null;
    if (body.account_id) {
      const found = await actorOrAnswer(c, body.site, body.account_id);
      if (found instanceof Response) return found;
      if (!may(found, "tickets")) return forbidden(c);
      actor = found;
    }
    const email = actor ? actor.account.email : body.email!;
    if (body.order_public_id && !(await mayNameOrder(c.env, body.site, body.order_public_id, actor ?? { email }))) {
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "No such order for this sender", {
        fieldErrors: { order_public_id: "tickets.errors.orderUnknown" },
      });
    }
    const ticket = {
      site: body.site,
      locale: body.locale,
      accountId: actor?.account.id ?? null,
      email,
      orderPublicId: body.order_public_id ?? null,
      message: body.message,
      name: actor ? `${actor.account.firstName} ${actor.account.lastName}`.trim() || actor.account.email : body.name!,
      subject: body.subject ?? subjectOf(body.message),
    };
    const publicId = await insertTicket(c.env, ticket, (id) =>
      ticketCreatedEmail({ ...ticket, publicId: id }, body.message, brand, body.site_url),
    );
    return c.json(await fullTicket(c.env, publicId), 201);
  })
  .get("/", validate("query", ticketListParams), async (c) => {
    const { site, account_id, status, page } = c.req.valid("query");
    const actor = await actorOrAnswer(c, site, account_id);
    if (actor instanceof Response) return actor;
    if (!may(actor, "tickets")) return forbidden(c);
    const [items, counts] = await Promise.all([
      ticketPage(c.env, site, visibleTickets(actor), status, page),
      ticketCounts(c.env, site, visibleTickets(actor)),
    ]);
    const total = status ? counts[status] : counts.PENDING + counts.RESOLVED + counts.ARCHIVED;
    return c.json({
      items: items.map(ticketSummaryView),
      counts,
      page,
      pageCount: Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE)),
    });
  })
  .get("/:publicId", validate("param", publicIdParam), validate("query", ticketReadParams), async (c) => {
    const { site, account_id } = c.req.valid("query");
    const found = await visibleTicket(c, site, account_id, c.req.valid("param").publicId);
    if (found instanceof Response) return found;
    return c.json(ticketView(found.ticket, await ticketMessages(c.env, found.ticket.id)));
  })
  .post("/:publicId/messages", validate("param", publicIdParam), validate("form", ticketReplyParams), async (c) => {
    const { site, account_id, message } = c.req.valid("form");
    const found = await visibleTicket(c, site, account_id, c.req.valid("param").publicId);
    if (found instanceof Response) return found;
    await addCustomerMessage(c.env, found.ticket, found.actor.account.id, message);
    return c.json(await fullTicket(c.env, found.ticket.publicId), 201);
  })
  /** The customer accepts a priced quote (8) or withdraws it (100); any other move is a 409. */
  .post("/:publicId/quote-status", validate("param", publicIdParam), validate("form", quoteStatusParams), async (c) => {
    const { site, account_id, status } = c.req.valid("form");
    const found = await visibleTicket(c, site, account_id, c.req.valid("param").publicId);
    if (found instanceof Response) return found;
    const { ticket } = found;
    if (ticket.kind !== "QUOTE") return notFound(c);
    if (ticket.quoteStatus === status) return c.json(await fullTicket(c.env, ticket.publicId));
    if (
      !quoteMoveAllowed(ticket.quoteStatus, status, "customer", ticket.answered > 0) ||
      !(await changeQuoteStatus(c.env, ticket, status, "customer"))
    ) {
      return apiError(
        c,
        409,
        API_ERROR_CODES.conflict,
        `A quote at ${ticket.quoteStatus ?? "request"} cannot move to ${status}`,
      );
    }
    return c.json(await fullTicket(c.env, ticket.publicId));
  })
  .post("/:publicId/status", validate("param", publicIdParam), validate("form", ticketStatusParams), async (c) => {
    const { site, account_id, status } = c.req.valid("form");
    const found = await visibleTicket(c, site, account_id, c.req.valid("param").publicId);
    if (found instanceof Response) return found;
    if (!(await changeStatus(c.env, found.ticket, status))) {
      return apiError(
        c,
        409,
        API_ERROR_CODES.conflict,
        "An archived ticket reopens with a reply, not a change of status",
      );
    }
    return c.json(await fullTicket(c.env, found.ticket.publicId));
  });

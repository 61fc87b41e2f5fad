import { Hono } from "hono";
import { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import { quoteMoveAllowed, quoteOperatorStatusParams } from "@contract/api/quote-params";
import { ticketAgentReplyParams, ticketPublicId } from "@contract/api/tickets";
import { brandBySlug } from "@contract/brands/brands";
import { sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { ticketReplyEmail } from "./emails";
import { addAgentMessage, changeQuoteStatus, recentTickets, ticketMessages, ticketWhere } from "./queries";
import { ticketSummaryView, ticketView } from "./view";

const list = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const publicIdParam = z.object({ publicId: ticketPublicId });

/**
 * Support's side of the tickets (`npm run ticket:reply`): the recent tickets, one with its conversation, and an answer,
 * which resolves the ticket and tells its sender by e-mail. Development and tests only: everywhere else it does not
 * exist.
 */
export const ticketOperator = new Hono<ProductApi>()
  .use(async (c, next) => {
    if (c.env.EXPOSE_DEV_ENDPOINTS !== "true")
      return apiError(c, 404, API_ERROR_CODES.notFound, `No endpoint ${c.req.method} ${c.req.path}`);
    await next();
  })
  .get("/", validate("query", list), async (c) => {
    const found = await recentTickets(c.env, c.req.valid("query").limit);
    return c.json({
      items: found.map((ticket) => ({ ...ticketSummaryView(ticket), site: ticket.site, email: ticket.email })),
    });
  })
  .get("/:publicId", validate("param", publicIdParam), async (c) => {
    const ticket = await ticketWhere(c.env, sql`t.public_id = ${c.req.valid("param").publicId}`);
    if (!ticket) return apiError(c, 404, API_ERROR_CODES.notFound, "Ticket not found");
    return c.json({ ...ticketView(ticket, await ticketMessages(c.env, ticket.id)), site: ticket.site });
  })
  .post("/:publicId/replies", validate("param", publicIdParam), validate("form", ticketAgentReplyParams), async (c) => {
    const { message, site_url } = c.req.valid("form");
    const ticket = await ticketWhere(c.env, sql`t.public_id = ${c.req.valid("param").publicId}`);
    if (!ticket) return apiError(c, 404, API_ERROR_CODES.notFound, "Ticket not found");
    const brand = brandBySlug(ticket.site)!;
    await addAgentMessage(
      c.env,
      ticket,
      message,
      ticketReplyEmail(ticket, message, brand, site_url ?? `https://${brand.hosts[0]}`),
    );
    const answered = (await ticketWhere(c.env, sql`t.id = ${ticket.id}`))!;
    return c.json({ ...ticketView(answered, await ticketMessages(c.env, ticket.id)), site: ticket.site }, 201);
  })
  /** Support moves a quote request: confirmed (the customer said yes by e-mail), completed, canceled. */
  .post(
    "/:publicId/quote-status",
    validate("param", publicIdParam),
    validate("form", quoteOperatorStatusParams),
    async (c) => {
      const { status } = c.req.valid("form");
      const ticket = await ticketWhere(c.env, sql`t.public_id = ${c.req.valid("param").publicId}`);
      if (ticket?.kind !== "QUOTE") return apiError(c, 404, API_ERROR_CODES.notFound, "Quote request not found");
      if (
        ticket.quoteStatus !== status &&
        (!quoteMoveAllowed(ticket.quoteStatus, status, "support", ticket.answered > 0) ||
          !(await changeQuoteStatus(c.env, ticket, status, "support")))
      ) {
        return apiError(
          c,
          409,
          API_ERROR_CODES.conflict,
          `A quote at ${ticket.quoteStatus ?? "request"} cannot move to ${status}`,
        );
      }
      const moved = (await ticketWhere(c.env, sql`t.id = ${ticket.id}`))!;
      return c.json({ ...ticketView(moved, await ticketMessages(c.env, ticket.id)), site: ticket.site });
    },
  );

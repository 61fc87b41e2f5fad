import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { API_ERROR_CODES } from "@contract/api/errors";
import type { FieldErrors } from "@contract/api/field-errors";
import {
  ticketListSchema,
  ticketSchema,
  type contactForm,
  type newTicketForm,
  type Ticket,
} from "@contract/api/tickets";
import type { TICKET_STATUSES } from "@contract/api/enums";
import type { accountQuoteForm, quoteForm } from "@contract/api/quotes";
import { apiCalls } from "~/lib/product-api/calls.server";
import { fieldErrorsOfRefusal, unlessRefused } from "~/lib/product-api/product-api-error";
import { apiContext, brandContext, localeContext } from "~/lib/request/context/keys";

type Context = Readonly<RouterContextProvider>;
type Opened = { ok: true; ticket: Ticket } | { ok: false; fieldErrors: FieldErrors };

/**
 * The support tickets' calls (never cached: a ticket is one person's or one group's). Every call about an account's
 * tickets names the signed-in account from the session; a ticket it may not see comes back as null.
 */
export function ticketsApi(context: Context) {
  const api = context.get(apiContext);
  const site = context.get(brandContext).slug;
  const locale = context.get(localeContext);
  /** The new ticket, or the API's field errors (an order number the sender may not name). */
  const open = async (
    fields: Record<string, string | number | undefined>,
    siteUrl: string,
    path = "/tickets",
  ): Promise<Opened> => {
    try {
      return { ok: true, ticket: await api.post(path, { ...fields, site, locale, site_url: siteUrl }, ticketSchema) };
    } catch (thrown) {
      const fieldErrors = fieldErrorsOfRefusal(thrown);
      if (fieldErrors) return { ok: false, fieldErrors };
      throw thrown;
    }
  };
  const path = (publicId: string, rest = "") => `/tickets/${encodeURIComponent(publicId)}${rest}`;
  return apiCalls({
    fromContactForm: (form: z.output<typeof contactForm>, siteUrl: string) => open(form, siteUrl),
    fromAccount: (accountId: string, form: z.output<typeof newTicketForm>, siteUrl: string) =>
      open({ ...form, account_id: accountId }, siteUrl),
    /** A guest's quote request (docs/decisions/0039), or the API's field errors. */
    quoteFromContactForm: (form: z.output<typeof quoteForm>, siteUrl: string) => open(form, siteUrl, "/tickets/quotes"),
    quoteFromAccount: (accountId: string, form: z.output<typeof accountQuoteForm>, siteUrl: string) =>
      open({ ...form, account_id: accountId }, siteUrl, "/tickets/quotes"),
    /** The quote with its new status; "refused" for a move its status does not allow (the page is out of date). */
    setQuoteStatus: async (accountId: string, publicId: string, status: 8 | 100) =>
      unlessRefused(
        unlessRefused(
          api.post(path(publicId, "/quote-status"), { site, account_id: accountId, status }, ticketSchema),
          API_ERROR_CODES.notFound,
          null,
        ),
        API_ERROR_CODES.conflict,
        "refused" as const,
      ),
    list: (accountId: string, status: (typeof TICKET_STATUSES)[number] | undefined, page: number) =>
      api.get("/tickets", { site, account_id: accountId, status, page }, ticketListSchema),
    thread: (accountId: string, publicId: string) =>
      unlessRefused(
        api.get(path(publicId), { site, account_id: accountId }, ticketSchema),
        API_ERROR_CODES.notFound,
        null,
      ),
    reply: (accountId: string, publicId: string, message: string) =>
      unlessRefused(
        api.post(path(publicId, "/messages"), { site, account_id: accountId, message }, ticketSchema),
        API_ERROR_CODES.notFound,
        null,
      ),
    /** The ticket with its new status; "archived" when it is archived (a reply reopens it, not a change of status). */
    setStatus: async (accountId: string, publicId: string, status: "RESOLVED" | "ARCHIVED") =>
      unlessRefused(
        unlessRefused(
          api.post(path(publicId, "/status"), { site, account_id: accountId, status }, ticketSchema),
          API_ERROR_CODES.notFound,
          null,
        ),
        API_ERROR_CODES.conflict,
        "archived" as const,
      ),
  });
}

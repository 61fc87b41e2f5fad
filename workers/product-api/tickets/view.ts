import type { Ticket, TicketSummary } from "@contract/api/tickets";
import type { TicketMessageRow, TicketRow } from "./queries";

/** A ticket in a list, as the contract shows it: never its internal id or account. */
export function ticketSummaryView(row: TicketRow): TicketSummary {
  return {
    publicId: row.publicId, subject: row.subject, status: row.status, orderPublicId: row.orderPublicId, name: row.name,
    createdAt: row.createdAt, updatedAt: row.updatedAt, lastAuthor: row.lastAuthor,
  };
}

export function ticketView(row: TicketRow, messages: TicketMessageRow[]): Ticket {
  return { ...ticketSummaryView(row), email: row.email, locale: row.locale, messages };
}

import type { Ticket, TicketQuote, TicketSummary } from "@contract/api/tickets";
import type { TicketMessageRow, TicketRow } from "./queries";

/** A ticket in a list, as the contract shows it: never its internal id or account. */
export function ticketSummaryView(row: TicketRow): TicketSummary {
  return {
    publicId: row.publicId,
    kind: row.kind,
    quote: quoteView(row),
    subject: row.subject,
    status: row.status,
    orderPublicId: row.orderPublicId,
    name: row.name,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastAuthor: row.lastAuthor,
  };
}

function quoteView(row: TicketRow): TicketQuote | null {
  if (row.kind !== "QUOTE" || row.quoteCompany === null) return null;
  return {
    company: row.quoteCompany,
    phone: row.quotePhone,
    products: row.quoteProducts ?? "",
    quantity: row.quoteQuantity ?? 0,
    deadline: row.quoteDeadline ?? "",
    arrangement: row.quoteArrangement ?? "SEND",
    status: row.quoteStatus,
  };
}

export function ticketView(row: TicketRow, messages: TicketMessageRow[]): Ticket {
  return { ...ticketSummaryView(row), email: row.email, locale: row.locale, messages };
}

import type { TICKET_STATUSES } from "@contract/api/enums";
import type { TicketQuote } from "@contract/api/tickets";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { formatDateTime } from "~/lib/tracking/timeline";
import { useShell } from "../use-shell";

type TicketStatus = (typeof TICKET_STATUSES)[number];

const WAITING = "border-amber-700 bg-amber-50 text-amber-900";
const ANSWERED = "border-brand bg-brand-soft text-ink";
const CLOSED = "border-line bg-page text-muted";
const LOOKS: Record<TicketStatus, string> = { PENDING: WAITING, RESOLVED: ANSWERED, ARCHIVED: CLOSED };

const badge = (look: string) =>
  `inline-block whitespace-nowrap rounded-button border px-3 py-0.5 text-sm font-semibold ${look}`;

/** A ticket's status in words (colour only helps). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useShell();
  return (
    <span className={badge(LOOKS[status])} data-testid="ticket-status">
      {t(`tickets.status.${status}`)}
    </span>
  );
}

/** Where a quote request stands (docs/decisions/0039): asked (null), then the spec's other status set (8, 5, 100). */
export function QuoteStatusBadge({ status }: { status: TicketQuote["status"] }) {
  const { t } = useShell();
  const key = status === null ? "requested" : String(status);
  return (
    <span
      className={badge(status === null ? WAITING : status === 100 ? CLOSED : ANSWERED)}
      data-testid="quote-status"
      data-status={key}
    >
      {t(`quotes.status.${key}`)}
    </span>
  );
}

/** Dates of a ticket as the brand's country reads them, the same on the server and in the browser. */
export function useTicketDate() {
  const { root, locale } = useShell();
  return (iso: string) => formatDateTime(iso, LOCALE_TAGS[locale], root?.brand.country ?? "");
}

import type { TICKET_STATUSES } from "@contract/api/enums";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { formatDateTime } from "~/lib/tracking/timeline";
import { useShell } from "../use-shell";

type TicketStatus = (typeof TICKET_STATUSES)[number];

const LOOKS: Record<TicketStatus, string> = {
  PENDING: "border-amber-700 bg-amber-50 text-amber-900",
  RESOLVED: "border-brand bg-brand-soft text-ink",
  ARCHIVED: "border-line bg-page text-muted",
};

/** A ticket's status in words (colour only helps). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useShell();
  return (
    <span className={`inline-block whitespace-nowrap rounded-button border px-3 py-0.5 text-sm font-semibold ${LOOKS[status]}`} data-testid="ticket-status">
      {t(`tickets.status.${status}`)}
    </span>
  );
}

/** Dates of a ticket as the brand's country reads them, the same on the server and in the browser. */
export function useTicketDate() {
  const { root, locale } = useShell();
  return (iso: string) => formatDateTime(iso, LOCALE_TAGS[locale], root?.brand.country ?? "");
}

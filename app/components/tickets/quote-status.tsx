import type { TicketQuote } from "@contract/api/tickets";
import { useShell } from "../use-shell";

const LOOKS: Record<"requested" | "8" | "5" | "100", string> = {
  requested: "border-amber-700 bg-amber-50 text-amber-900",
  8: "border-brand bg-brand-soft text-ink",
  5: "border-green-800 bg-green-50 text-green-900",
  100: "border-line bg-page text-muted",
};

/** Where a quote request stands, in words: asked (null), then the spec's other status set (8, 5, 100). */
export function QuoteStatusBadge({ status }: { status: TicketQuote["status"] }) {
  const { t } = useShell();
  const key = status === null ? "requested" : String(status) as "8" | "5" | "100";
  return (
    <span className={`inline-block whitespace-nowrap rounded-button border px-3 py-0.5 text-sm font-semibold ${LOOKS[key]}`} data-testid="quote-status" data-status={key}>
      {t(`quotes.status.${key}`)}
    </span>
  );
}

import type { Totals } from "@contract/api/totals";
import { OrderTotals } from "../order-totals";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";

export type Summary = {
  /** `detail`: what the line is, in words (its design, its options); `preview`: a creator design's picture. */
  lines: { id: number; name: string; quantity: number; total: number; detail: string; preview: string | null }[];
  totals: Totals;
  /** Until a delivery is saved, shipping is the cart's estimate. */
  shippingChosen: boolean;
};

/** The cart's lines and totals beside the steps; on a phone, folded under its total. */
export function OrderSummary({ summary, collapsible = false }: { summary: Summary; collapsible?: boolean }) {
  const { t } = useShell();
  const money = useMoney();
  const body = (
    <div className="space-y-3">
      <ul className="divide-y divide-line">
        {summary.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 py-2">
            {line.preview ? (
              <img
                src={line.preview}
                alt=""
                width={48}
                height={48}
                className="h-12 w-12 rounded-card border border-line"
              />
            ) : null}
            <span className="grow">
              <span className="block font-semibold">
                {line.quantity} × {line.name}
              </span>
              {line.detail ? <span className="block text-sm text-muted">{line.detail}</span> : null}
            </span>
            <span className="whitespace-nowrap">{money(line.total)}</span>
          </li>
        ))}
      </ul>
      <div className="border-t border-line pt-3">
        <OrderTotals totals={summary.totals} shippingEstimated={!summary.shippingChosen} testId="checkout-totals" />
      </div>
    </div>
  );
  if (collapsible) {
    return (
      <details className="group rounded-card border border-line bg-surface" data-testid="summary-collapsible">
        <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 p-4 font-semibold">
          <span className="flex items-center gap-2">
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
              className="shrink-0"
            >
              <path d="M9 6l6 6-6 6" className="group-open:hidden" />
              <path d="M6 9l6 6 6-6" className="hidden group-open:inline" />
            </svg>
            {t("checkout.summary.show")}
          </span>
          <span className="whitespace-nowrap">{money(summary.totals.total)}</span>
        </summary>
        <div className="px-4 pb-4">{body}</div>
      </details>
    );
  }
  return (
    <section aria-labelledby="checkout-summary-title" className="rounded-card border border-line bg-surface p-4">
      <h2 id="checkout-summary-title" className="text-lg font-bold">
        {t("checkout.summary.title")}
      </h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}

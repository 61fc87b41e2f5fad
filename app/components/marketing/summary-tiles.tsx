import type { DashboardView } from "~/lib/marketing-dashboard/view.server";
import { useShell } from "../use-shell";
import type { DashboardFormats } from "./use-formats";

/** The range's totals at a glance: visits, page views, orders, conversion rate, and revenue in each currency. */
export function SummaryTiles({ view, formats }: { view: DashboardView; formats: DashboardFormats }) {
  const { t } = useShell();
  const tiles = [
    { key: "visits", value: formats.count(view.totals.visits) },
    { key: "pageViews", value: formats.count(view.totals.pageViews) },
    { key: "orders", value: formats.count(view.totals.orders) },
    { key: "conversionRate", value: formats.percent(view.totals.conversionRate) },
    ...view.currencies.map((currency) => ({
      key: "revenue",
      currency,
      value: formats.money(view.totals.revenue[currency] ?? 0, currency),
    })),
  ];
  return (
    <dl
      className="grid grid-cols-2 gap-3 tablet:grid-cols-4 desktop:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]"
      data-testid="marketing-totals"
    >
      {tiles.map((tile) => (
        <div
          key={`${tile.key}-${"currency" in tile ? tile.currency : ""}`}
          className="rounded-card border border-line bg-surface p-3"
        >
          <dt className="text-sm text-muted">
            {t(`marketing.columns.${tile.key}`, { currency: "currency" in tile ? tile.currency : undefined })}
          </dt>
          <dd
            className="mt-1 text-xl font-bold tabular-nums"
            data-testid={`total-${tile.key}${"currency" in tile ? `-${tile.currency}` : ""}`}
          >
            {tile.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

import type { DashboardView } from "~/lib/marketing-dashboard/view.server";
import { useShell } from "../use-shell";
import { BarChart, type BarGroup } from "./charts/bar-list";
import { ChartFigure } from "./charts/chart-figure";
import { colorAt } from "./charts/palette";
import { StackedBars } from "./charts/stacked-bars";
import { TimeChart } from "./charts/time-chart";
import type { DashboardFormats } from "./use-formats";

type Props = { view: DashboardView; formats: DashboardFormats };

const [BLUE, ORANGE, TEAL, PURPLE, , , SLATE] = [0, 1, 2, 3, 4, 5, 6].map(colorAt) as string[];

/** Visits and page views per day, and the conversion rate (orders per visit) per day. */
export function TrafficCharts({ view, formats }: Props) {
  const { t } = useShell();
  const days = view.days.map((row) => row.day);
  return (
    <div className="grid gap-4 desktop:grid-cols-2">
      <ChartFigure
        id="traffic"
        title={t("marketing.charts.traffic")}
        tableId="daily"
        legend={[
          { label: t("marketing.columns.visits"), color: BLUE! },
          { label: t("marketing.columns.pageViews"), color: ORANGE!, dashed: true },
        ]}
      >
        <TimeChart
          labelledBy="traffic-caption"
          days={days}
          formatValue={formats.compact}
          formatDay={formats.day}
          series={[
            { label: "visits", color: BLUE!, values: view.days.map((row) => row.visits), area: true },
            { label: "pageViews", color: ORANGE!, values: view.days.map((row) => row.pageViews), dashed: true },
          ]}
        />
      </ChartFigure>
      <ChartFigure id="conversion" title={t("marketing.charts.conversion")} tableId="daily">
        <TimeChart
          labelledBy="conversion-caption"
          days={days}
          formatValue={(value) => formats.percent(value)}
          formatDay={formats.day}
          series={[
            { label: "conversionRate", color: TEAL!, values: view.days.map((row) => row.conversionRate), area: true },
          ]}
        />
      </ChartFigure>
    </div>
  );
}

/** Visits, orders and revenue (one chart per currency) by channel, in the same channel order. */
export function ChannelCharts({ view, formats }: Props) {
  const { t } = useShell();
  const ranking = (key: "visits" | "orders", color: string): BarGroup[] =>
    view.channels.map((row) => ({
      label: row.label,
      bars: [{ label: key, value: row[key], text: formats.count(row[key]), color }],
    }));
  return (
    <div className="grid gap-4 tablet:grid-cols-2 desktop:grid-cols-3">
      <ChartFigure id="channel-visits" title={t("marketing.charts.channelVisits")} tableId="channels">
        <BarChart labelledBy="channel-visits-caption" groups={ranking("visits", BLUE!)} />
      </ChartFigure>
      <ChartFigure id="channel-orders" title={t("marketing.charts.channelOrders")} tableId="channels">
        <BarChart labelledBy="channel-orders-caption" groups={ranking("orders", ORANGE!)} />
      </ChartFigure>
      {view.currencies.map((currency) => (
        <ChartFigure
          key={currency}
          id={`channel-revenue-${currency}`}
          title={t("marketing.charts.channelRevenue", { currency })}
          tableId="channels"
        >
          <BarChart
            labelledBy={`channel-revenue-${currency}-caption`}
            groups={view.channels.map((row) => {
              const value = row.revenue[currency] ?? 0;
              return {
                label: row.label,
                bars: [{ label: currency, value, text: formats.money(value, currency), color: TEAL! }],
              };
            })}
          />
        </ChartFigure>
      ))}
    </div>
  );
}

/** Revenue by channel credited to the first touch beside the last touch, one chart per currency. */
export function TouchCharts({ view, formats }: Props) {
  const { t } = useShell();
  const first = t("marketing.columns.firstTouch");
  const last = t("marketing.columns.lastTouch");
  return (
    <div className="grid gap-4 tablet:grid-cols-2">
      {view.currencies.map((currency) => (
        <ChartFigure
          key={currency}
          id={`touches-${currency}`}
          title={t("marketing.charts.touches", { currency })}
          tableId="touches"
          legend={[
            { label: first, color: PURPLE! },
            { label: last, color: BLUE! },
          ]}
        >
          <BarChart
            labelledBy={`touches-${currency}-caption`}
            groups={view.touches.map((row) => ({
              label: row.label,
              bars: [
                {
                  label: first,
                  value: row.first[currency] ?? 0,
                  text: formats.money(row.first[currency] ?? 0, currency),
                  color: PURPLE!,
                },
                {
                  label: last,
                  value: row.last[currency] ?? 0,
                  text: formats.money(row.last[currency] ?? 0, currency),
                  color: BLUE!,
                },
              ],
            }))}
          />
        </ChartFigure>
      ))}
    </div>
  );
}

/** The consent answers of each brand: ads and analytics, ads only, analytics only, neither. */
export function ConsentChart({ view, formats, brandNames }: Props & { brandNames: Record<string, string> }) {
  const { t } = useShell();
  const parts = [
    { key: "both", color: TEAL! },
    { key: "adsOnly", color: BLUE! },
    { key: "analyticsOnly", color: PURPLE! },
    { key: "none", color: SLATE! },
  ] as const;
  return (
    <ChartFigure
      id="consent"
      title={t("marketing.charts.consent")}
      tableId="consent"
      legend={parts.map((part) => ({ label: t(`marketing.consent.${part.key}`), color: part.color }))}
    >
      {view.consent.length ? (
        <StackedBars
          labelledBy="consent-caption"
          rows={view.consent.map((row) => ({
            label: brandNames[row.brand] ?? row.brand,
            formatShare: formats.percent,
            segments: parts.map((part) => ({ label: part.key, value: row[part.key], color: part.color })),
          }))}
        />
      ) : (
        <p className="text-muted">{t("marketing.noRows")}</p>
      )}
    </ChartFigure>
  );
}

/** Visits, then the shop's interactions: add to cart, begin checkout, purchase. */
export function FunnelChart({ view, formats }: Props) {
  const { t } = useShell();
  const visits = view.funnel[0]?.count ?? 0;
  return (
    <ChartFigure id="funnel" title={t("marketing.charts.funnel")} tableId="funnel">
      <BarChart
        labelledBy="funnel-caption"
        max={Math.max(1, ...view.funnel.map((row) => row.count))}
        groups={view.funnel.map((row) => ({
          label: row.label,
          bars: [
            {
              label: row.label,
              value: row.count,
              text: `${formats.count(row.count)} (${formats.percent(visits ? row.count / visits : null)})`,
              color: BLUE!,
            },
          ],
        }))}
      />
    </ChartFigure>
  );
}

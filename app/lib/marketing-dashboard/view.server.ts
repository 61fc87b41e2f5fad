import { BRANDS } from "@contract/brands/brands";
import type { Dashboard } from "./dashboard";
import { channelLabel, dashboardTables, pageRows, TABLE_IDS, type Translate } from "./tables.server";

/** The money rule of each currency the brands sell in (DKK and CZK show no decimals), for the page's formatting. */
const CURRENCY_DECIMALS: Record<string, boolean> = Object.fromEntries(
  BRANDS.map((brand) => [brand.currency, brand.decimals]),
);

/**
 * What the page draws and lists, and nothing more (the browser gets this as the route's data): the charts' series with
 * their labels translated, and each table's first rows with its full length.
 */
export function dashboardView(dashboard: Dashboard, t: Translate) {
  const tables = dashboardTables(dashboard, t);
  const channel = (value: string) => channelLabel(t, value);
  return {
    currencies: dashboard.currencies,
    currencyDecimals: CURRENCY_DECIMALS,
    totals: dashboard.totals,
    days: dashboard.days.map(({ day, visits, pageViews, orders, conversionRate }) => ({
      day,
      visits,
      pageViews,
      orders,
      conversionRate,
    })),
    channels: dashboard.channels.map((row) => ({
      label: channel(row.channel),
      visits: row.visits,
      orders: row.orders,
      revenue: row.revenue,
    })),
    touches: dashboard.touches.map((row) => ({
      label: channel(row.channel),
      first: row.first.revenue,
      last: row.last.revenue,
    })),
    consent: dashboard.consent,
    funnel: dashboard.funnel.map((row) => ({ label: t(`marketing.funnel.${row.step}`), count: row.count })),
    tables: TABLE_IDS.map((id) => ({
      id,
      columns: tables[id].columns,
      rows: pageRows(tables[id], dashboard),
      total: tables[id].rows.length,
    })),
  };
}
export type DashboardView = ReturnType<typeof dashboardView>;

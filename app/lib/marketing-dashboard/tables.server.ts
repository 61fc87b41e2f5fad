import { NOT_RECORDED_CHANNEL } from "@contract/api/marketing-report";
import { BRANDS } from "@contract/brands/brands";
import type { Dashboard, Money } from "./dashboard";

/**
 * Every table of the dashboard, built once from its figures: the page shows them (the long ones cut to their first
 * rows) and the CSV export writes them whole, so both say the same numbers.
 */
export const TABLE_IDS = [
  "daily",
  "channels",
  "campaigns",
  "touches",
  "affiliates",
  "landing-pages",
  "products",
  "consent",
  "funnel",
] as const;
export type TableId = (typeof TABLE_IDS)[number];

/** How a column's cells read: counts and money (minor units) as numbers, a share as a ratio, a day as YYYY-MM-DD. */
export type ColumnKind = "text" | "day" | "brand" | "count" | "money" | "percent";
/** `label` is a key under marketing.columns; a money column names its currency. */
export type Column = { label: string; kind: ColumnKind; currency?: string };
export type Cell = string | number | null;
export type DashboardTable = { id: TableId; columns: Column[]; rows: Cell[][] };

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A channel's name in the page's language; one a newer storefront records and this one does not know, as it is. */
export const channelLabel = (t: Translate, channel: string) =>
  t(`marketing.channels.${channel}`, { defaultValue: channel === NOT_RECORDED_CHANNEL ? "—" : channel });

const CURRENCY_OF: Record<string, string> = Object.fromEntries(BRANDS.map((brand) => [brand.slug, brand.currency]));
/** The most rows of a long table the page shows (the CSV has them all). */
export const PAGE_ROWS: Partial<Record<TableId, number>> = { campaigns: 25, affiliates: 25, "landing-pages": 20 };
/** Products: the first ten of a brand, the first five of each currency of all brands. */
const PAGE_PRODUCTS = { oneCurrency: 10, perCurrency: 5 };

const count = (label: string): Column => ({ label, kind: "count" });
const percent = (label: string): Column => ({ label, kind: "percent" });
const text = (label: string): Column => ({ label, kind: "text" });
const moneyColumns = (label: string, currencies: string[]): Column[] =>
  currencies.map((currency) => ({ label, kind: "money", currency }));
/** Money of rows that mix brands: 0 where a currency sold nothing. Of a row of one brand: only its own currency. */
const moneyCells = (money: Money, currencies: string[], brand?: string): Cell[] =>
  currencies.map((currency) => (brand && CURRENCY_OF[brand] !== currency ? null : (money[currency] ?? 0)));

export function dashboardTables(dashboard: Dashboard, t: Translate): Record<TableId, DashboardTable> {
  const { currencies } = dashboard;
  const allBrands = dashboard.filters.brand === "all";
  const brandColumn: Column[] = allBrands ? [{ label: "brand", kind: "brand" }] : [];
  const brandCell = (brand: string): Cell[] => (allBrands ? [brand] : []);
  const channel = (value: string) => channelLabel(t, value);
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  const affiliate = (row: Dashboard["affiliates"][number]) =>
    row.affiliateId === ""
      ? t("marketing.affiliateNetwork")
      : row.name
        ? `${row.name} (#${row.affiliateId})`
        : `#${row.affiliateId}`;
  return {
    daily: {
      id: "daily",
      columns: [
        { label: "day", kind: "day" },
        count("visits"),
        count("pageViews"),
        count("orders"),
        percent("conversionRate"),
        ...moneyColumns("revenue", currencies),
      ],
      rows: dashboard.days.map((row) => [
        row.day,
        row.visits,
        row.pageViews,
        row.orders,
        row.conversionRate,
        ...moneyCells(row.revenue, currencies),
      ]),
    },
    channels: {
      id: "channels",
      columns: [
        text("channel"),
        count("visits"),
        count("orders"),
        percent("conversionRate"),
        ...moneyColumns("revenue", currencies),
      ],
      rows: dashboard.channels.map((row) => [
        channel(row.channel),
        row.visits,
        row.orders,
        row.conversionRate,
        ...moneyCells(row.revenue, currencies),
      ]),
    },
    campaigns: {
      id: "campaigns",
      columns: [
        text("channel"),
        text("source"),
        text("medium"),
        text("campaign"),
        count("visits"),
        count("orders"),
        ...moneyColumns("revenue", currencies),
      ],
      rows: dashboard.campaigns.map((row) => [
        channel(row.channel),
        row.source,
        row.medium,
        row.campaign,
        row.visits,
        row.orders,
        ...moneyCells(row.revenue, currencies),
      ]),
    },
    touches: {
      id: "touches",
      columns: [
        text("channel"),
        count("firstTouchOrders"),
        ...moneyColumns("firstTouchRevenue", currencies),
        count("lastTouchOrders"),
        ...moneyColumns("lastTouchRevenue", currencies),
      ],
      rows: dashboard.touches.map((row) => [
        channel(row.channel),
        row.first.orders,
        ...moneyCells(row.first.revenue, currencies),
        row.last.orders,
        ...moneyCells(row.last.revenue, currencies),
      ]),
    },
    affiliates: {
      id: "affiliates",
      columns: [
        ...brandColumn,
        text("affiliate"),
        text("campaign"),
        count("hits"),
        count("orders"),
        ...moneyColumns("revenue", currencies),
        ...moneyColumns("commission", currencies),
        count("awcConversions"),
        ...moneyColumns("awcAmount", currencies),
      ],
      rows: dashboard.affiliates.map((row) => [
        ...brandCell(row.brand),
        affiliate(row),
        row.campaign,
        row.hits,
        row.orders,
        ...moneyCells(row.revenue, currencies, row.brand),
        ...moneyCells(row.commission, currencies, row.brand),
        row.awcConversions,
        ...moneyCells(row.awcAmount, currencies, row.brand),
      ]),
    },
    "landing-pages": {
      id: "landing-pages",
      columns: [...brandColumn, text("landingPage"), count("visits")],
      rows: dashboard.landings.map((row) => [...brandCell(row.brand), row.path, row.visits]),
    },
    products: {
      id: "products",
      columns: [...brandColumn, text("product"), count("quantity"), ...moneyColumns("revenue", currencies)],
      rows: dashboard.products.map((row) => [
        ...brandCell(row.brand),
        row.name,
        row.quantity,
        ...moneyCells({ [row.currency]: row.revenue }, currencies, row.brand),
      ]),
    },
    consent: {
      id: "consent",
      columns: [
        { label: "brand", kind: "brand" },
        count("answers"),
        percent("acceptsAds"),
        percent("acceptsAnalytics"),
        percent("acceptsBoth"),
        percent("acceptsNone"),
      ],
      rows: dashboard.consent.map((row) => [
        row.brand,
        row.answers,
        share(row.both + row.adsOnly, row.answers),
        share(row.both + row.analyticsOnly, row.answers),
        share(row.both, row.answers),
        share(row.none, row.answers),
      ]),
    },
    funnel: {
      id: "funnel",
      columns: [text("step"), count("count"), percent("shareOfVisits")],
      rows: dashboard.funnel.map((row) => [
        t(`marketing.funnel.${row.step}`),
        row.count,
        share(row.count, dashboard.totals.visits),
      ]),
    },
  };
}

/** The rows a page shows of a table: the first ones of a long table, the first of each currency for products. */
export function pageRows(table: DashboardTable, dashboard: Pick<Dashboard, "products" | "currencies">): Cell[][] {
  if (table.id === "products") {
    const limit = dashboard.currencies.length > 1 ? PAGE_PRODUCTS.perCurrency : PAGE_PRODUCTS.oneCurrency;
    const seen = new Map<string, number>();
    return table.rows.filter((_, index) => {
      const currency = dashboard.products[index]!.currency;
      seen.set(currency, (seen.get(currency) ?? 0) + 1);
      return seen.get(currency)! <= limit;
    });
  }
  const limit = PAGE_ROWS[table.id];
  return limit ? table.rows.slice(0, limit) : table.rows;
}

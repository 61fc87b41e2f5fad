import type { MarketingReport, ReportFilters } from "@contract/api/marketing-report";
import { everyDay } from "@contract/marketing/report-range";
import type { Rollups } from "./rollups.server";

/**
 * The dashboard's figures: the product API's orders and the analytics rollups joined on day, channel, campaign and
 * affiliate. Counts add up across brands; money stays per currency (`Money`: currency → minor units), never summed
 * across currencies.
 */
export type Money = Record<string, number>;

type Sales = { orders: number; revenue: Money };
export type DayFigures = { day: string; visits: number; pageViews: number; conversionRate: number | null } & Sales;
export type ChannelFigures = { channel: string; visits: number; conversionRate: number | null } & Sales;
export type CampaignFigures = {
  channel: string;
  source: string;
  medium: string;
  campaign: string;
  visits: number;
} & Sales;
export type TouchFigures = { channel: string; first: Sales; last: Sales };
export type AffiliateFigures = {
  brand: string;
  affiliateId: string;
  name: string | null;
  campaign: string;
  hits: number;
  commission: Money;
  awcConversions: number;
  awcAmount: Money;
} & Sales;
export type ConsentFigures = {
  brand: string;
  answers: number;
  both: number;
  adsOnly: number;
  analyticsOnly: number;
  none: number;
};
export type FunnelStep = { step: "visits" | "add_to_cart" | "begin_checkout" | "purchase"; count: number };

export type Dashboard = {
  filters: ReportFilters;
  currencies: string[];
  totals: { visits: number; pageViews: number; conversionRate: number | null } & Sales;
  days: DayFigures[];
  channels: ChannelFigures[];
  campaigns: CampaignFigures[];
  touches: TouchFigures[];
  affiliates: AffiliateFigures[];
  landings: Rollups["landings"];
  products: MarketingReport["products"];
  consent: ConsentFigures[];
  funnel: FunnelStep[];
};

/** Orders per visit; none without visits (a rate of nothing is not 0 %). */
export const conversionRate = (orders: number, visits: number) => (visits > 0 ? orders / visits : null);

const plus = (money: Money, currency: string, amount: number): Money => ({
  ...money,
  [currency]: (money[currency] ?? 0) + amount,
});
const noSales = (): Sales => ({ orders: 0, revenue: {} });
const addSale = (sales: Sales, row: { currency: string; orders: number; revenue: number }): Sales => ({
  orders: sales.orders + row.orders,
  revenue: plus(sales.revenue, row.currency, row.revenue),
});

/** Groups rows by a key, folding each into the group's value. */
function fold<Row, Value>(
  rows: readonly Row[],
  keyOf: (row: Row) => string,
  start: (row: Row) => Value,
  add: (value: Value, row: Row) => Value,
) {
  const groups = new Map<string, Value>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, add(groups.get(key) ?? start(row), row));
  }
  return groups;
}

/** Most visits first (where the shop's traffic comes from), then most orders. */
const byVisits = (a: Sales & { visits: number }, b: Sales & { visits: number }) =>
  b.visits - a.visits || b.orders - a.orders;
/** Most orders first, then most visits. */
const bySales = (a: Sales & { visits?: number }, b: Sales & { visits?: number }) =>
  b.orders - a.orders || (b.visits ?? 0) - (a.visits ?? 0);

export function buildDashboard(filters: ReportFilters, report: MarketingReport, rollups: Rollups): Dashboard {
  const salesOfDay = fold(report.days, (row) => row.day, noSales, addSale);
  const trafficOfDay = new Map(rollups.days.map((row) => [row.day, row]));
  const days = everyDay(filters.from, filters.to).map((day): DayFigures => {
    const sales = salesOfDay.get(day) ?? noSales();
    const traffic = trafficOfDay.get(day) ?? { visits: 0, pageViews: 0 };
    return {
      day,
      visits: traffic.visits,
      pageViews: traffic.pageViews,
      ...sales,
      conversionRate: conversionRate(sales.orders, traffic.visits),
    };
  });
  const sales = report.days.reduce(addSale, noSales());
  const visits = rollups.days.reduce((sum, row) => sum + row.visits, 0);
  const totals = {
    visits,
    pageViews: rollups.days.reduce((sum, row) => sum + row.pageViews, 0),
    ...sales,
    conversionRate: conversionRate(sales.orders, visits),
  };

  const channelSales = fold(report.channels, (row) => row.channel, noSales, addSale);
  const channelVisits = new Map(rollups.channels.map((row) => [row.channel, row.visits]));
  const channels = [...new Set([...channelVisits.keys(), ...channelSales.keys()])]
    .map((channel): ChannelFigures => {
      const figures = channelSales.get(channel) ?? noSales();
      const visitsOf = channelVisits.get(channel) ?? 0;
      return { channel, visits: visitsOf, ...figures, conversionRate: conversionRate(figures.orders, visitsOf) };
    })
    .sort(byVisits);

  const campaignKey = (row: { channel: string; source: string; medium: string; campaign: string }) =>
    JSON.stringify([row.channel, row.source, row.medium, row.campaign]);
  const campaignSales = fold(report.campaigns, campaignKey, noSales, addSale);
  const campaignVisits = fold(
    rollups.campaigns,
    campaignKey,
    () => 0,
    (sum, row) => sum + row.visits,
  );
  const campaigns = [...new Set([...campaignVisits.keys(), ...campaignSales.keys()])]
    .map((key): CampaignFigures => {
      const [channel, source, medium, campaign] = JSON.parse(key) as [string, string, string, string];
      return {
        channel,
        source,
        medium,
        campaign,
        visits: campaignVisits.get(key) ?? 0,
        ...(campaignSales.get(key) ?? noSales()),
      };
    })
    .sort(bySales);

  const firstSales = fold(report.firstTouchChannels, (row) => row.channel, noSales, addSale);
  const touches = [...new Set([...channelSales.keys(), ...firstSales.keys()])]
    .map(
      (channel): TouchFigures => ({
        channel,
        first: firstSales.get(channel) ?? noSales(),
        last: channelSales.get(channel) ?? noSales(),
      }),
    )
    .sort((a, b) => b.last.orders + b.first.orders - (a.last.orders + a.first.orders));

  const affiliateKey = (row: { brand: string; affiliateId: string; campaign: string }) =>
    JSON.stringify([row.brand, row.affiliateId, row.campaign]);
  const names = new Map(report.affiliateNames.map((row) => [`${row.brand}|${row.id}`, row.name]));
  const affiliateSales = new Map(report.affiliates.map((row) => [affiliateKey(row), row]));
  const hits = fold(
    rollups.affiliateHits,
    affiliateKey,
    () => 0,
    (sum, row) => sum + row.hits,
  );
  const affiliates = [...new Set([...hits.keys(), ...affiliateSales.keys()])]
    .map((key): AffiliateFigures => {
      const [brand, affiliateId, campaign] = JSON.parse(key) as [string, string, string];
      const row = affiliateSales.get(key);
      const money = (amount: number | undefined): Money => (row ? { [row.currency]: amount ?? 0 } : {});
      return {
        brand,
        affiliateId,
        campaign,
        name: names.get(`${brand}|${affiliateId}`) ?? null,
        hits: hits.get(key) ?? 0,
        orders: row?.orders ?? 0,
        revenue: money(row?.revenue),
        commission: money(row?.commission),
        awcConversions: row?.awcConversions ?? 0,
        awcAmount: money(row?.awcAmount),
      };
    })
    .sort((a, b) => bySales(a, b) || b.hits - a.hits);

  const consent = [
    ...fold(
      rollups.consent,
      (row) => row.brand,
      (row): ConsentFigures => ({ brand: row.brand, answers: 0, both: 0, adsOnly: 0, analyticsOnly: 0, none: 0 }),
      (figures, row) => {
        const answer =
          row.ads && row.analytics ? "both" : row.ads ? "adsOnly" : row.analytics ? "analyticsOnly" : "none";
        return { ...figures, answers: figures.answers + row.answers, [answer]: figures[answer] + row.answers };
      },
    ).values(),
  ].sort((a, b) => a.brand.localeCompare(b.brand));

  const interaction = (name: string) => rollups.interactions.find((row) => row.name === name)?.count ?? 0;
  const funnel: FunnelStep[] = [
    { step: "visits", count: visits },
    { step: "add_to_cart", count: interaction("add_to_cart") },
    { step: "begin_checkout", count: interaction("begin_checkout") },
    { step: "purchase", count: interaction("purchase") },
  ];

  return {
    filters,
    currencies: report.currencies,
    totals,
    days,
    channels,
    campaigns,
    touches,
    affiliates,
    landings: rollups.landings,
    products: report.products,
    consent,
    funnel,
  };
}

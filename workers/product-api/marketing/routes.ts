import { Hono } from "hono";
import { marketingReportParams, type MarketingReport } from "@contract/api/marketing-report";
import { BRANDS } from "@contract/brands/brands";
import { marketerOrAnswer } from "../accounts/marketer";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { affiliateNames, salesByAffiliate, salesByDay, salesByTouches, topProducts, type TouchSales } from "./queries";

type Sales = { currency: string; orders: number; revenue: number };

/** Sums rows that share a key (a channel, a campaign) per currency: integer minor units, never across currencies. */
function sumBy<Key extends object>(rows: TouchSales[], keyOf: (row: TouchSales) => Key): (Key & Sales)[] {
  const sums = new Map<string, Key & Sales>();
  for (const row of rows) {
    const key = keyOf(row);
    const id = JSON.stringify([key, row.currency]);
    const sum = sums.get(id) ?? { ...key, currency: row.currency, orders: 0, revenue: 0 };
    sums.set(id, { ...sum, orders: sum.orders + row.orders, revenue: sum.revenue + row.revenue });
  }
  return [...sums.values()].sort((a, b) => b.revenue - a.revenue);
}

/** The marketing dashboard's orders side, for an account with the marketing role; never cached (staff data). */
export const marketing = new Hono<ProductApi>().get("/report", validate("query", marketingReportParams), async (c) => {
  const query = c.req.valid("query");
  const brands = BRANDS.filter((brand) => query.brand === "all" || brand.slug === query.brand);
  const scope = { sites: brands.map((brand) => brand.slug), from: query.from, to: query.to };
  // The account and the figures are read side by side (one D1 batch, one round trip); nothing is answered before the
  // role is checked. Channels, first touches and campaigns are sums of the touches' rows.
  const [marketer, days, touches, affiliates, names, products] = await Promise.all([
    marketerOrAnswer(c, query.site, query.account_id),
    salesByDay(c.env, scope),
    salesByTouches(c.env, scope),
    salesByAffiliate(c.env, scope),
    affiliateNames(c.env, scope.sites),
    topProducts(c.env, scope),
  ]);
  if (marketer instanceof Response) return marketer;
  const currencies = [...new Set(brands.map((brand) => brand.currency))].sort();
  const report: MarketingReport = {
    currencies,
    days,
    affiliates,
    affiliateNames: names,
    products,
    channels: sumBy(touches, (row) => ({ channel: row.channel })),
    firstTouchChannels: sumBy(touches, (row) => ({ channel: row.firstChannel })),
    campaigns: sumBy(touches, (row) => ({
      channel: row.channel,
      source: row.source,
      medium: row.medium,
      campaign: row.campaign,
    })),
  };
  return c.json(report, 200, { "Cache-Control": "private, no-store" });
});

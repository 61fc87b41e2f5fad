import { Hono } from "hono";
import { marketingReportParams, type MarketingReport } from "@contract/api/marketing-report";
import { BRANDS } from "@contract/brands/brands";
import { marketerOrAnswer } from "../accounts/marketer";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { affiliateNames, salesByAffiliate, salesByCampaign, salesByChannel, salesByDay, salesByFirstChannel, topProducts } from "./queries";

/** The marketing dashboard's orders side, for an account with the marketing role; never cached (staff data). */
export const marketing = new Hono<ProductApi>().get("/report", validate("query", marketingReportParams), async (c) => {
  const query = c.req.valid("query");
  const marketer = await marketerOrAnswer(c, query.site, query.account_id);
  if (marketer instanceof Response) return marketer;
  const brands = BRANDS.filter((brand) => query.brand === "all" || brand.slug === query.brand);
  const scope = { sites: brands.map((brand) => brand.slug), from: query.from, to: query.to };
  // Read side by side: one D1 batch.
  const [days, channels, firstTouchChannels, campaigns, affiliates, names, products] = await Promise.all([
    salesByDay(c.env, scope), salesByChannel(c.env, scope), salesByFirstChannel(c.env, scope), salesByCampaign(c.env, scope),
    salesByAffiliate(c.env, scope), affiliateNames(c.env, scope.sites), topProducts(c.env, scope),
  ]);
  const currencies = [...new Set(brands.map((brand) => brand.currency))].sort();
  const report: MarketingReport = { currencies, days, channels, firstTouchChannels, campaigns, affiliates, affiliateNames: names, products };
  return c.json(report, 200, { "Cache-Control": "private, no-store" });
});

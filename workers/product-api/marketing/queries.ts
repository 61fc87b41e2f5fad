import { NOT_RECORDED_CHANNEL, REPORT_TOP_PRODUCTS, type MarketingReport } from "@contract/api/marketing-report";
import { addDays } from "@contract/marketing/report-range";
import { inList, rows, sql } from "../db/query";

/** Whose orders and which days: the brands' sites and a range of whole UTC days, both ends included. */
export type ReportScope = { sites: readonly string[]; from: string; to: string };

/**
 * The orders the dashboard counts (docs/decisions/0027): paid, not canceled, placed in the range (the index
 * orders_site_created reads only them). Revenue is the total as charged: VAT and shipping included, after promotions.
 */
const counted = ({ sites, from, to }: ReportScope) => sql`counted AS (
  SELECT o.id, o.site, o.currency, o.total, substr(o.created_at, 1, 10) AS day FROM orders o
  WHERE o.site IN (${inList(sites)}) AND o.created_at >= ${from} AND o.created_at < ${addDays(to, 1)}
    AND o.payment_status = 'PAID' AND o.status_code <> 10
)`;

const lastChannel = sql`COALESCE(a.channel, ${NOT_RECORDED_CHANNEL})`;

export const salesByDay = (env: ProductApiEnv, scope: ReportScope) =>
  rows<MarketingReport["days"][number]>(
    env,
    sql`WITH ${counted(scope)}
    SELECT day, currency, COUNT(*) AS orders, SUM(total) AS revenue FROM counted GROUP BY day, currency ORDER BY day, currency`,
  );

/**
 * By both touches and the last one's campaign: the channels, first-touch channels and campaigns add up from these rows.
 */
export type TouchSales = {
  channel: string;
  firstChannel: string;
  source: string;
  medium: string;
  campaign: string;
  currency: string;
  orders: number;
  revenue: number;
};

/** A first touch recorded apart, else the last one (the buyer came once). */
export const salesByTouches = (env: ProductApiEnv, scope: ReportScope) =>
  rows<TouchSales>(
    env,
    sql`WITH ${counted(scope)}
    SELECT ${lastChannel} AS channel, COALESCE(a.first_channel, a.channel, ${NOT_RECORDED_CHANNEL}) AS firstChannel,
      COALESCE(a.source, '') AS source, COALESCE(a.medium, '') AS medium, COALESCE(a.campaign, '') AS campaign,
      counted.currency AS currency, COUNT(*) AS orders, SUM(counted.total) AS revenue
    FROM counted LEFT JOIN order_attribution a ON a.order_id = counted.id GROUP BY 1, 2, 3, 4, 5, 6`,
  );

/**
 * Orders an afcust affiliate or an awc click brought, with the affiliate's commission and the conversions the network
 * took.
 */
export const salesByAffiliate = (env: ProductApiEnv, scope: ReportScope) =>
  rows<MarketingReport["affiliates"][number]>(
    env,
    sql`WITH ${counted(scope)}
    SELECT counted.site AS brand, COALESCE(CAST(a.affiliate_id AS TEXT), '') AS affiliateId, COALESCE(a.campaign, '') AS campaign,
      counted.currency AS currency, COUNT(*) AS orders, SUM(counted.total) AS revenue, COALESCE(SUM(c.amount), 0) AS commission,
      COUNT(ac.order_id) AS awcConversions, COALESCE(SUM(ac.amount), 0) AS awcAmount
    FROM counted JOIN order_attribution a ON a.order_id = counted.id
      LEFT JOIN commissions c ON c.order_id = counted.id AND c.source = 'AFFILIATE' AND c.status <> 'CANCELED'
      LEFT JOIN affiliate_conversions ac ON ac.order_id = counted.id AND ac.status = 'REPORTED'
    WHERE a.affiliate_id IS NOT NULL OR a.awc IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY revenue DESC`,
  );

export const affiliateNames = (env: ProductApiEnv, sites: readonly string[]) =>
  rows<MarketingReport["affiliateNames"][number]>(
    env,
    sql`SELECT site AS brand, CAST(id AS TEXT) AS id, name FROM affiliates
    WHERE site IN (${inList(sites)}) ORDER BY id LIMIT 5000`,
  );

/**
 * The best sellers of each currency by the lines' revenue (as sold, before an order-wide promotion, without shipping).
 */
export const topProducts = (env: ProductApiEnv, scope: ReportScope) =>
  rows<MarketingReport["products"][number]>(
    env,
    sql`WITH ${counted(scope)}, sold AS (
      SELECT counted.site AS brand, l.article_id AS articleId, MIN(l.name) AS name, counted.currency AS currency, SUM(l.quantity) AS quantity, SUM(l.total) AS revenue
      FROM counted JOIN order_lines l ON l.order_id = counted.id GROUP BY 1, 2, 4
    ), ranked AS (
      SELECT *, ROW_NUMBER() OVER (PARTITION BY currency ORDER BY revenue DESC, quantity DESC, articleId) AS place FROM sold
    )
    SELECT brand, articleId, name, currency, quantity, revenue FROM ranked WHERE place <= ${REPORT_TOP_PRODUCTS} ORDER BY currency, place`,
  );

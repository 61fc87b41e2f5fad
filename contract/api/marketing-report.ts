import { z } from "zod";
import { BRAND_SLUGS } from "../brands/brands";
import { daysInRange, REPORT_MAX_DAYS } from "../marketing/report-range";
import { isDateString } from "../rules/dates";
import { actorParams } from "./accounts";

/**
 * The marketing dashboard's orders side (GET /marketing/report, docs/decisions/0027): paid orders placed in a range of
 * days, of one brand or all, by day, channel, campaign, first and last touch, affiliate and product. Money is in
 * minor units and always beside its currency: brands sell in EUR, PLN, DKK and CZK, which are never added together.
 */

const REPORT_BRANDS = ["all", ...BRAND_SLUGS] as const;

/** An order without an attribution row (placed before attribution was recorded, or written by hand). */
export const NOT_RECORDED_CHANNEL = "not_recorded";

const day = (message: string) => z.string().max(10, message).refine(isDateString, message);

const filterShape = {
  brand: z.enum(REPORT_BRANDS, { message: "marketing.errors.brand" }),
  from: day("marketing.errors.date"),
  to: day("marketing.errors.date"),
};

/** `from` not after `to`, and the range at most REPORT_MAX_DAYS; the messages are translation keys, by field. */
function rangeRules(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = daysInRange(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "marketing.errors.order" });
  else if (days > REPORT_MAX_DAYS)
    ctx.addIssue({ code: "custom", path: ["from"], message: "marketing.errors.tooLong" });
}

/** The dashboard's filters, as the page's GET form and its CSV links carry them. */
export const reportFiltersSchema = z.object(filterShape).superRefine(rangeRules);
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** The report's parameters: the acting account (it must hold the marketing role) and the filters. */
export const marketingReportParams = actorParams.extend(filterShape).superRefine(rangeRules);

const count = z.number().int().nonnegative();
const minor = z.number().int();
const currency = z.string().length(3);
/** A channel as recorded: one of CHANNELS, NOT_RECORDED_CHANNEL, or a value a newer storefront records. */
const channel = z.string().max(64);
/** A campaign's words as recorded; "" for none. */
const words = z.string().max(400);
const sales = { currency, orders: count, revenue: minor };

export const marketingReportSchema = z.object({
  /** The currencies of the brands in the report, in a fixed order: its money columns. */
  currencies: z.array(currency),
  /** Orders and revenue per day the orders were placed (UTC), per currency; days without orders are left out. */
  days: z.array(z.object({ day: z.string(), ...sales })),
  /** By the last touch's channel. */
  channels: z.array(z.object({ channel, ...sales })),
  /** By the first touch's channel (the last touch's when none was recorded apart). */
  firstTouchChannels: z.array(z.object({ channel, ...sales })),
  /** By the last touch's channel, source, medium and campaign. */
  campaigns: z.array(z.object({ channel, source: words, medium: words, campaign: words, ...sales })),
  /**
   * Orders an affiliate brought (an afcust affiliate or an awc click), by affiliate and campaign: revenue, the
   * affiliate's commission, and the conversions reported to the network. `affiliateId` "" is an awc click of no
   * affiliate the shop knows.
   */
  affiliates: z.array(
    z.object({
      brand: z.string(),
      affiliateId: z.string(),
      campaign: words,
      ...sales,
      commission: minor,
      awcConversions: count,
      awcAmount: minor,
    }),
  ),
  /** The brands' affiliates by id, to name them (the hits come from the analytics rollups). */
  affiliateNames: z.array(z.object({ brand: z.string(), id: z.string(), name: z.string() })),
  /** The best-selling products per currency by revenue (the lines as sold, VAT included), with the quantity. */
  products: z.array(
    z.object({
      brand: z.string(),
      articleId: z.number().int(),
      name: z.string(),
      currency,
      quantity: count,
      revenue: minor,
    }),
  ),
});
export type MarketingReport = z.infer<typeof marketingReportSchema>;

/** How many products per currency the report ranks. */
export const REPORT_TOP_PRODUCTS = 50;

import { Hono } from "hono";
import { commissionListParams, type CommissionPage } from "@contract/api/commissions";
import { API_ERROR_CODES } from "@contract/api/errors";
import { brandBySlug } from "@contract/brands/brands";
import { groupOwnerOrAnswer } from "../accounts/group-owner";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { commissionSumsByMonth, commissionsPage } from "./queries";

/**
 * A master's commissions, for the master itself: filtered by month and status, a page of rows, sums per month and
 * overall.
 */
export const commissions = new Hono<ProductApi>().get("/", validate("query", commissionListParams), async (c) => {
  const query = c.req.valid("query");
  const brand = brandBySlug(query.site);
  if (!brand) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${query.site}`);
  const owner = await groupOwnerOrAnswer(c, query.site, query.account_id);
  if (owner instanceof Response) return owner;
  const filter = { site: query.site, masterId: owner.account.id, month: query.month, status: query.status };
  const [items, months] = await Promise.all([
    commissionsPage(c.env, filter, query.per_page, (query.page - 1) * query.per_page),
    commissionSumsByMonth(c.env, filter),
  ]);
  const overall = months.reduce(
    (sum, month) => ({
      count: sum.count + month.count,
      base: sum.base + month.base,
      amount: sum.amount + month.amount,
    }),
    { count: 0, base: 0, amount: 0 },
  );
  const answer: CommissionPage = {
    items,
    page: query.page,
    pageCount: Math.ceil(overall.count / query.per_page),
    currency: brand.currency,
    months,
    overall,
  };
  return c.json(answer);
});

import type { RouterContextProvider } from "react-router";
import { API_ERROR_CODES } from "@contract/api/errors";
import { marketingReportSchema, type MarketingReport, type ReportFilters } from "@contract/api/marketing-report";
import { apiCalls } from "~/lib/product-api/calls.server";
import { unlessRefused } from "~/lib/product-api/product-api-error";
import { apiContext, brandContext, customerContext } from "~/lib/request/context/keys";

/**
 * The dashboard's orders side: the product API's report, asked as the signed-in marketer (the API checks the role as
 * stored now). Never cached: staff data. Null when the API refuses the account (its role was just withdrawn).
 */
export function marketingReportApi(context: Readonly<RouterContextProvider>) {
  const api = context.get(apiContext);
  const actor = { site: context.get(brandContext).slug, account_id: context.get(customerContext).id };
  return apiCalls({
    report: (filters: ReportFilters): Promise<MarketingReport | null> =>
      unlessRefused(
        api.get("/marketing/report", { ...actor, ...filters }, marketingReportSchema),
        API_ERROR_CODES.forbidden,
        null,
      ),
  });
}

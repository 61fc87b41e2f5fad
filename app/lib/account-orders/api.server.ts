import type { RouterContextProvider } from "react-router";
import { accountOrderListSchema, reorderResultSchema, type AccountOrderList, type ReorderResult } from "@contract/api/account-orders";
import type { DATE_FILTERS } from "@contract/api/enums";
import { API_ERROR_CODES } from "@contract/api/errors";
import { apiCalls } from "~/lib/product-api/calls.server";
import { unlessRefused } from "~/lib/product-api/product-api-error";
import { apiContext, brandContext, customerContext, localeContext } from "~/lib/request/context";

type Context = Readonly<RouterContextProvider>;

/**
 * The account area's order calls, as the signed-in account (its id from the session, never from the browser); nothing
 * is cached: they are one account's.
 */
export function accountOrdersApi(context: Context) {
  const api = context.get(apiContext);
  const actor = { site: context.get(brandContext).slug, account_id: context.get(customerContext).id };
  return apiCalls({
    list: (dateFilter: (typeof DATE_FILTERS)[number], page: number): Promise<AccountOrderList> =>
      api.get("/orders", { ...actor, date_filter: dateFilter, page }, accountOrderListSchema),
    /** The order's lines put into the account's open cart; null when the account may not see that order. */
    reorder: (publicId: string): Promise<ReorderResult | null> =>
      unlessRefused(
        api.post(`/orders/${encodeURIComponent(publicId)}/reorder`, { ...actor, customer_id: actor.account_id, locale: context.get(localeContext) }, reorderResultSchema),
        API_ERROR_CODES.notFound,
        null,
      ),
  });
}

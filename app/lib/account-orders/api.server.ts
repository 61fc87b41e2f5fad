import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import {
  accountOrderListSchema,
  dateFilterParam,
  listPageParam,
  reorderResultSchema,
  type ReorderResult,
} from "@contract/api/account-orders";
import { booleanFilterParam } from "@contract/api/params";
import { API_ERROR_CODES } from "@contract/api/errors";
import { accountPageRead } from "~/lib/accounts/page-read.server";
import { apiCalls } from "~/lib/product-api/calls.server";
import { unlessRefused } from "~/lib/product-api/product-api-error";
import { apiContext, brandContext, customerContext, localeContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";

type Context = Readonly<RouterContextProvider>;

/** The list's URL: a filter or page that is not one shows the first page of all orders. */
const listQuery = z.object({
  date_filter: dateFilterParam.catch("without"),
  paid: booleanFilterParam.catch("ALL"),
  page: listPageParam.catch(1),
});

/** The filter and page an orders list URL asks for. */
export const ordersListQuery = (request: Request) => listQuery.parse(Object.fromEntries(pageUrl(request).searchParams));

/** One page of the orders the signed-in account may see, by the list URL's filter. */
export const ordersRead = accountPageRead(({ request, context }) => ({
  path: "/orders",
  params: {
    site: context.get(brandContext).slug,
    account_id: context.get(customerContext).id,
    ...ordersListQuery(request),
  },
  schema: accountOrderListSchema,
}));

/**
 * The account area's order calls, as the signed-in account (its id from the session, never from the browser); nothing
 * is cached: they are one account's.
 */
export function accountOrdersApi(context: Context) {
  const api = context.get(apiContext);
  const actor = { site: context.get(brandContext).slug, account_id: context.get(customerContext).id };
  return apiCalls({
    /** The order's lines put into the account's open cart; null when the account may not see that order. */
    reorder: (publicId: string): Promise<ReorderResult | null> =>
      unlessRefused(
        api.post(
          `/orders/${encodeURIComponent(publicId)}/reorder`,
          { ...actor, customer_id: actor.account_id, locale: context.get(localeContext) },
          reorderResultSchema,
        ),
        API_ERROR_CODES.notFound,
        null,
      ),
  });
}

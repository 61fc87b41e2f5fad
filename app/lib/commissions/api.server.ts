import type { RouterContextProvider } from "react-router";
import {
  commissionPageSchema,
  COMMISSIONS_MAX_PER_PAGE,
  type Commission,
  type CommissionPage,
} from "@contract/api/commissions";
import { apiCalls } from "~/lib/product-api/calls.server";
import { apiContext, brandContext, customerContext } from "~/lib/request/context/keys";
import type { CommissionFilters } from "./filters";

/** The most pages of rows one download reads (10 000 commissions). */
const MAX_DOWNLOAD_PAGES = 20;

/** The signed-in master's commissions (the product API answers the group's owner only); never cached. */
export function commissionsApi(context: Readonly<RouterContextProvider>) {
  const api = context.get(apiContext);
  const actor = { site: context.get(brandContext).slug, account_id: context.get(customerContext).id };
  const page = (filters: CommissionFilters, perPage?: number): Promise<CommissionPage> =>
    api.get(
      "/commissions",
      { ...actor, month: filters.month, status: filters.status, page: filters.page, per_page: perPage },
      commissionPageSchema,
    );
  return apiCalls({
    page,
    /** Every filtered row, page after page, for the download. */
    async all(filters: CommissionFilters): Promise<{ items: Commission[]; currency: string }> {
      const first = await page({ ...filters, page: 1 }, COMMISSIONS_MAX_PER_PAGE);
      const items = [...first.items];
      for (let next = 2; next <= Math.min(first.pageCount, MAX_DOWNLOAD_PAGES); next++) {
        items.push(...(await page({ ...filters, page: next }, COMMISSIONS_MAX_PER_PAGE)).items);
      }
      return { items, currency: first.currency };
    },
  });
}

import type { RouterContextProvider } from "react-router";
import { invoiceListSchema, invoiceSchema, type Invoice } from "@contract/api/invoices";
import { apiCalls } from "~/lib/product-api/calls.server";
import { apiContext, brandContext, customerContext } from "~/lib/request/context/keys";

type Context = Readonly<RouterContextProvider>;

/** The invoice calls, as the signed-in account; never cached. */
export function invoicesApi(context: Context) {
  const api = context.get(apiContext);
  const actor = { site: context.get(brandContext).slug, account_id: context.get(customerContext).id };
  return apiCalls({
    list: (page: number) => api.get("/invoices", { ...actor, page }, invoiceListSchema),
    /**
     * The invoice when the account may see it (its own, or its group's with the invoices permission); null otherwise.
     */
    invoice: (number: string): Promise<Invoice | null> =>
      api.find(`/invoices/${encodeURIComponent(number)}`, actor, invoiceSchema),
  });
}

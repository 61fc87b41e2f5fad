import type { Route } from "./+types/invoice-pdf";
import { invoiceNumberParam } from "@contract/api/invoices";
import { pageNotFound } from "~/lib/errors";
import { allowAccountsInvoice } from "~/lib/guards/auth.server";
import { invoicesApi } from "~/lib/invoices/api.server";
import { invoicePdfFile } from "~/lib/invoices/invoice.server";
import { parseParams } from "~/lib/request/routing/route-params";

/** /accounts/invoices/{number}.pdf: the invoice as an A4 PDF, made here in the worker. */
export async function loader(args: Route.LoaderArgs) {
  allowAccountsInvoice(args);
  const { number } = parseParams(args.request, invoiceNumberParam.shape, args.params);
  const invoice = await invoicesApi(args.context).invoice(number);
  if (!invoice) throw pageNotFound(args.request);
  return invoicePdfFile(args.context, invoice);
}

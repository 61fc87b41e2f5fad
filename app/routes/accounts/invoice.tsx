import { Link } from "~/components/link";
import type { Route } from "./+types/invoice";
import { invoiceNumberParam } from "@contract/api/invoices";
import { InvoiceSheet } from "~/components/invoices/invoice-sheet";
import { PrintButton } from "~/components/invoices/print-button";
import { useShell } from "~/components/use-shell";
import { pageNotFound } from "~/lib/errors";
import { allowAccountsInvoice } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { invoicesApi } from "~/lib/invoices/api.server";
import { parseParams } from "~/lib/request/routing/route-params";
import { pageMeta } from "~/lib/seo/meta";

/** /accounts/invoices/{number}: the invoice to read and print; an invoice this account may not see is no page. */
export async function loader(args: Route.LoaderArgs) {
  const customer = allowAccountsInvoice(args);
  const { number } = parseParams(args.request, invoiceNumberParam.shape, args.params);
  const invoice = await invoicesApi(args.context).invoice(number);
  if (!invoice) throw pageNotFound(args.request);
  return {
    title: translate(args.context, "invoices.page.title", { number }),
    noindex: true,
    invoice,
    backToList: customer.kind === "master",
  };
}

export const meta: Route.MetaFunction = pageMeta;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const { invoice } = loaderData;
  return (
    <div className="py-2">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
        <p className="flex flex-wrap gap-3">
          <PrintButton />
          <Link
            to={to(`/accounts/invoices/${invoice.number}.pdf`)}
            reloadDocument
            download
            className="button-secondary"
          >
            {t("invoices.page.download")}
          </Link>
        </p>
      </div>
      <p className="mt-2 print:hidden">
        <Link
          to={to(loaderData.backToList ? "/accounts/invoices" : "/accounts/orders")}
          className="font-semibold text-brand-strong"
        >
          {t(loaderData.backToList ? "invoices.page.backToInvoices" : "invoices.page.backToOrders")}
        </Link>
      </p>
      <div className="mt-6 print:mt-0">
        <InvoiceSheet invoice={invoice} />
      </div>
    </div>
  );
}

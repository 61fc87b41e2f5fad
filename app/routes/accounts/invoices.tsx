import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/invoices";
import { listPageParam } from "@contract/api/account-orders";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { Pagination } from "~/components/pagination";
import { useMoney } from "~/components/use-money";
import { useShell } from "~/components/use-shell";
import { allowAccountsInvoices } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { invoicesApi } from "~/lib/invoices/api.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";
import { formatDate } from "~/lib/tracking/timeline";
import { ScrollRegion } from "~/components/scroll-region";

const listQuery = z.object({ page: listPageParam.catch(1) });

export async function loader(args: Route.LoaderArgs) {
  allowAccountsInvoices(args);
  const { page } = listQuery.parse(Object.fromEntries(pageUrl(args.request).searchParams));
  return {
    title: translate(args.context, "routes.accountsInvoices"),
    noindex: true,
    list: await invoicesApi(args.context).list(page),
  };
}

export const meta: Route.MetaFunction = pageMeta;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AccountInvoices({ loaderData }: Route.ComponentProps) {
  const { t, to, locale, root } = useShell();
  const money = useMoney();
  const { list } = loaderData;
  const date = (iso: string) => formatDate(iso, LOCALE_TAGS[locale], root?.brand.country ?? "");
  return (
    <div className="py-2">
      <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
      <p className="mt-2 text-muted">{t("invoices.list.intro")}</p>
      {list.items.length ? (
        <>
          {/* On a phone the table scrolls sideways: a named region the keyboard can reach. */}
          <ScrollRegion className="mt-6 rounded-card border border-line bg-surface" label={t("invoices.list.caption")}>
            <table className="w-full text-left text-sm" data-testid="invoices">
              <caption className="sr-only">{t("invoices.list.caption")}</caption>
              <thead className="border-b border-line">
                <tr>
                  <th scope="col" className="p-3">
                    {t("invoices.list.number")}
                  </th>
                  <th scope="col" className="p-3">
                    {t("invoices.list.date")}
                  </th>
                  <th scope="col" className="p-3">
                    {t("invoices.list.order")}
                  </th>
                  <th scope="col" className="p-3 text-right">
                    {t("invoices.list.total")}
                  </th>
                  <th scope="col" className="p-3">
                    {t("invoices.list.documents")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.items.map((invoice) => (
                  <tr key={invoice.number} data-testid="invoice-row">
                    <th scope="row" className="whitespace-nowrap p-3 font-semibold">
                      {invoice.number}
                    </th>
                    <td className="whitespace-nowrap p-3">
                      <time dateTime={invoice.issuedAt}>{date(invoice.issuedAt)}</time>
                    </td>
                    <td className="whitespace-nowrap p-3">
                      <Link to={to(`/tracking/${invoice.orderPublicId}`)} className="text-brand-strong">
                        {invoice.orderPublicId}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap p-3 text-right">{money(invoice.total)}</td>
                    <td className="p-3">
                      <span className="flex flex-wrap gap-3">
                        <Link
                          to={to(`/accounts/invoices/${invoice.number}`)}
                          className="inline-flex min-h-11 items-center font-semibold text-brand-strong"
                          aria-label={t("invoices.list.viewLabel", { number: invoice.number })}
                        >
                          {t("invoices.list.view")}
                        </Link>
                        <Link
                          to={to(`/accounts/invoices/${invoice.number}.pdf`)}
                          reloadDocument
                          download
                          className="inline-flex min-h-11 items-center font-semibold text-brand-strong"
                          aria-label={t("invoices.list.pdfLabel", { number: invoice.number })}
                        >
                          {t("invoices.list.pdf")}
                        </Link>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pagination page={list.page} pageCount={Math.max(1, Math.ceil(list.total / list.pageSize))} />
        </>
      ) : (
        <div className="mt-6 rounded-card border border-line bg-surface p-6" data-testid="invoices-empty">
          <p className="text-lg font-semibold">{t("invoices.list.empty")}</p>
          <p className="mt-4">
            <Link to={to("/accounts/orders")} className="button-secondary">
              {t("invoices.list.toOrders")}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}

import type { Invoice } from "@contract/api/invoices";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { regionNames } from "@contract/rules/intl-formats";
import { invoiceDocument } from "~/lib/invoices/document";
import { formatDate } from "~/lib/tracking/timeline";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";
import { ScrollRegion } from "~/components/scroll-region";

/**
 * The invoice as a page: the same text blocks as its PDF (lib/invoices/document.ts), laid out for the screen and for
 * paper.
 */
export function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const { t, locale, root } = useShell();
  const money = useMoney();
  const tag = LOCALE_TAGS[locale];
  const regions = regionNames(tag);
  const sheet = invoiceDocument(invoice, {
    t,
    money,
    date: (iso) => formatDate(iso, tag, root?.brand.country ?? "", "long"),
    countryName: (code) => regions.of(code) ?? code,
  });
  const [sellerName, ...sellerLines] = sheet.seller;
  return (
    <article
      className="rounded-card border border-line bg-surface p-5 tablet:p-8 print:rounded-none print:border-0 print:p-0"
      aria-labelledby="invoice-title"
      data-testid="invoice"
    >
      <div className="flex flex-wrap justify-between gap-6 print:flex-nowrap">
        <section aria-label={t("invoices.document.seller")}>
          <p className="text-xl font-bold">{sellerName}</p>
          <address className="mt-1 not-italic text-muted">
            {sellerLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>
        <div className="tablet:text-right print:text-right">
          <p id="invoice-title" className="text-2xl font-bold uppercase tracking-wide">
            {sheet.title}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-4 gap-y-0.5 text-sm" data-testid="invoice-facts">
            {sheet.facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <section aria-labelledby="invoice-buyer" className="mt-8">
        <h2 id="invoice-buyer" className="font-bold">
          {t("invoices.document.buyer")}
        </h2>
        <address className="mt-1 not-italic" data-testid="invoice-buyer">
          {sheet.buyer.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </section>

      <ScrollRegion className="mt-8" label={t("invoices.document.lines")}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("invoices.document.lines")}</caption>
          <thead className="border-b border-line">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t("invoices.document.description")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("invoices.document.quantity")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("invoices.document.unitPrice")}
              </th>
              <th scope="col" className="py-2 pl-3 text-right">
                {t("invoices.document.amount")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {sheet.lines.map((line, index) => (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines are fixed once it is issued
                key={index}
                className="break-inside-avoid"
              >
                <td className="py-2 pr-3">
                  <span className="block font-semibold">{line.description}</span>
                  {line.details ? <span className="block text-muted">{line.details}</span> : null}
                </td>
                <td className="px-3 py-2 text-right align-top">{line.quantity}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right align-top">{line.unitPrice}</td>
                <td className="whitespace-nowrap py-2 pl-3 text-right align-top">{line.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <dl className="mt-6 ml-auto max-w-sm break-inside-avoid" data-testid="invoice-totals">
        {sheet.totals.map(({ key, label, value }) => (
          <div
            key={key}
            className={`flex items-baseline justify-between gap-4 py-1 ${key === "total" ? "mt-2 border-t border-line pt-3 text-xl font-bold" : ""}`}
          >
            <dt>{label}</dt>
            <dd data-testid={`invoice-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-8 text-xs text-muted">{sheet.note}</p>
    </article>
  );
}

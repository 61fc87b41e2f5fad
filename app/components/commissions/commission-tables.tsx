import type { Commission, CommissionPage, CommissionSums } from "@contract/api/commissions";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { dateTimeFormat, numberFormat } from "@contract/rules/intl-formats";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";
import { ScrollRegion } from "~/components/scroll-region";

function useFormats() {
  const { locale } = useShell();
  const tag = LOCALE_TAGS[locale];
  return {
    date: (iso: string) => dateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso)),
    month: (month: string) =>
      dateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${month}-01T00:00:00Z`),
      ),
    percent: (rate: number) => `${numberFormat(tag).format(rate)} %`,
  };
}

const cell = "border-b border-line px-3 py-2 text-left align-top";
const number = `${cell} text-right tabular-nums`;

/** A page of commissions: order, date, where it came from, rate, base without VAT, amount and status. */
export function CommissionTable({ rows }: { rows: Commission[] }) {
  const { t } = useShell();
  const money = useMoney();
  const format = useFormats();
  return (
    // Focusable, so a keyboard scrolls a table wider than a phone (as the invoices list and the marketing tables).
    <ScrollRegion className="rounded-card border border-line bg-surface" label={t("commissions.table.caption")}>
      <table className="w-full min-w-[40rem] border-collapse" data-testid="commissions-table">
        <caption className="sr-only">{t("commissions.table.caption")}</caption>
        <thead>
          <tr className="bg-page">
            <th scope="col" className={cell}>
              {t("commissions.table.order")}
            </th>
            <th scope="col" className={cell}>
              {t("commissions.table.date")}
            </th>
            <th scope="col" className={cell}>
              {t("commissions.table.source")}
            </th>
            <th scope="col" className={number}>
              {t("commissions.table.rate")}
            </th>
            <th scope="col" className={number}>
              {t("commissions.table.base")}
            </th>
            <th scope="col" className={number}>
              {t("commissions.table.amount")}
            </th>
            <th scope="col" className={cell}>
              {t("commissions.table.status")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="commission-row">
              <th scope="row" className={`${cell} font-semibold`}>
                {row.orderPublicId}
              </th>
              <td className={cell}>{format.date(row.createdAt)}</td>
              <td className={cell}>{t(`commissions.sources.${row.source}`)}</td>
              <td className={number}>{format.percent(row.rate)}</td>
              <td className={number}>{money(row.base)}</td>
              <td className={number}>{money(row.amount)}</td>
              <td className={cell}>{t(`commissions.statuses.${row.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The sums of every filtered commission (not only the page's), per month and overall. */
export function MonthTotals({ months, overall }: { months: CommissionPage["months"]; overall: CommissionSums }) {
  const { t } = useShell();
  const money = useMoney();
  const format = useFormats();
  return (
    <section aria-labelledby="commission-totals-title">
      <h2 id="commission-totals-title" className="text-xl font-bold">
        {t("commissions.totals.title")}
      </h2>
      <ScrollRegion className="mt-3 rounded-card border border-line bg-surface" labelledBy="commission-totals-title">
        <table className="w-full min-w-[28rem] border-collapse" data-testid="commission-totals">
          <thead>
            <tr className="bg-page">
              <th scope="col" className={cell}>
                {t("commissions.totals.month")}
              </th>
              <th scope="col" className={number}>
                {t("commissions.totals.count")}
              </th>
              <th scope="col" className={number}>
                {t("commissions.table.base")}
              </th>
              <th scope="col" className={number}>
                {t("commissions.table.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month} data-testid="commission-month">
                <th scope="row" className={`${cell} font-normal`}>
                  {format.month(month.month)}
                </th>
                <td className={number}>{month.count}</td>
                <td className={number}>{money(month.base)}</td>
                <td className={number}>{money(month.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold" data-testid="commission-overall">
              <th scope="row" className={cell}>
                {t("commissions.totals.overall")}
              </th>
              <td className={number}>{overall.count}</td>
              <td className={number}>{money(overall.base)}</td>
              <td className={number}>{money(overall.amount)}</td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </section>
  );
}

import { Form } from "react-router";
import { Link } from "~/components/link";
import type { AccountOrder } from "@contract/api/account-orders";
import { pagesText } from "@contract/catalogue/option-label";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { formatDate } from "~/lib/tracking/timeline";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";

type Props = {
  order: AccountOrder;
  showPlacedBy: boolean;
  canReorder: boolean;
  canOpenInvoices: boolean;
  busy: boolean;
};

/** One order of the account's list: what it is and where it stands, and what can be done with it. */
export function OrderCard({ order, showPlacedBy, canReorder, canOpenInvoices, busy }: Props) {
  const { t, to, locale, root } = useShell();
  const money = useMoney();
  const { lines } = order;
  // A paged design says its pages as the order page does: "1 × Photo book · 32 pages (8 extra)".
  const pages = pagesText(t, { innerPages: lines.firstInnerPages, extraPages: lines.firstExtraPages });
  const name = `${lines.firstQuantity} × ${lines.firstQuantity === 1 ? lines.firstName : lines.firstNamePlural}`;
  // Kept on one line on a phone ("32 páginas (8 adicionales)" never broken inside its brackets).
  const first = pages ? `${name} · ${pages.replaceAll(" ", "\u00a0")}` : name;
  const summary = lines.count > 1 ? t("accountOrders.order.more", { first, count: lines.count - 1 }) : first;
  const headingId = `order-${order.publicId}`;
  return (
    <li
      className="rounded-card border border-line bg-surface p-4 tablet:p-5"
      data-testid="account-order"
      data-public-id={order.publicId}
    >
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-lg font-bold">
            <Link to={to(`/tracking/${order.publicId}`)} className="text-ink">
              {t("accountOrders.order.number", { publicId: order.publicId })}
            </Link>
          </h2>
          <p className="text-xl font-bold" data-testid="order-total">
            {money(order.total)}
          </p>
        </div>
        <p className="text-sm text-muted">
          <time dateTime={order.createdAt}>
            {t("accountOrders.order.placedOn", {
              date: formatDate(order.createdAt, LOCALE_TAGS[locale], root?.brand.country ?? ""),
            })}
          </time>
          {showPlacedBy && order.placedBy ? (
            <> · {t("accountOrders.order.placedBy", { name: order.placedBy })}</>
          ) : null}
        </p>
        <p className="mt-2" data-testid="order-lines">
          {summary}
        </p>
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-muted">{t("accountOrders.order.status")}:</dt>
            <dd className="font-semibold" data-testid="order-status">
              {t(`tracking.status.${order.statusCode}.label`)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted">{t("accountOrders.order.payment")}:</dt>
            <dd data-testid="order-payment">{t(`tracking.paymentStatus.${order.paymentStatus}`)}</dd>
          </div>
          {order.shipmentStatus ? (
            <div className="flex gap-1">
              <dt className="text-muted">{t("accountOrders.order.shipment")}:</dt>
              <dd>{t(`tracking.shipment.${order.shipmentStatus}.label`)}</dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Link
            to={to(`/tracking/${order.publicId}`)}
            className="button-secondary"
            aria-label={t("accountOrders.order.trackLabel", { publicId: order.publicId })}
          >
            {t("accountOrders.order.track")}
          </Link>
          {canReorder ? (
            <Form method="post">
              <input type="hidden" name="intent" value="reorder" />
              <input type="hidden" name="public_id" value={order.publicId} />
              <button
                type="submit"
                className="button-primary"
                disabled={busy}
                aria-label={t("accountOrders.order.reorderLabel", { publicId: order.publicId })}
              >
                {t("accountOrders.order.reorder")}
              </button>
            </Form>
          ) : null}
          {order.invoiceNumber && canOpenInvoices ? (
            <p className="flex flex-wrap items-center gap-3" data-testid="order-invoice">
              <Link
                to={to(`/accounts/invoices/${order.invoiceNumber}`)}
                className="inline-flex min-h-11 items-center font-semibold text-brand-strong"
              >
                {t("accountOrders.order.invoice", { number: order.invoiceNumber })}
              </Link>
              <Link
                to={to(`/accounts/invoices/${order.invoiceNumber}.pdf`)}
                reloadDocument
                download
                className="inline-flex min-h-11 items-center font-semibold text-brand-strong"
                aria-label={t("invoices.list.pdfLabel", { number: order.invoiceNumber })}
              >
                {t("invoices.list.pdf")}
              </Link>
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
}

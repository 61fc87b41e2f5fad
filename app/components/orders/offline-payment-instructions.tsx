import type { Order } from "@contract/api/orders";
import { formatIban } from "@contract/rules/iban";
import type { OFFLINE_PAYMENT_DETAILS } from "@contract/brands/offline-payment";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";

type Bank = (typeof OFFLINE_PAYMENT_DETAILS)[keyof typeof OFFLINE_PAYMENT_DETAILS];

/** How to pay a transfer or a bank receipt, with the order's public id as the reference. */
export function OfflinePaymentInstructions({ order, bank }: { order: Order; bank: Bank }) {
  const { t } = useShell();
  const money = useMoney();
  const rows: [string, string][] =
    order.paymentType === "TRANSFER"
      ? [
          [t("orders.pay.beneficiary"), bank.beneficiary],
          [t("orders.pay.iban"), formatIban(bank.iban)],
          [t("orders.pay.bic"), bank.bic],
        ]
      : [[t("orders.pay.entity"), bank.multibancoEntity]];
  return (
    <section
      aria-labelledby="order-how-to-pay"
      className="rounded-card border-2 border-brand bg-surface p-5"
      data-testid="order-how-to-pay"
    >
      <h2 id="order-how-to-pay" className="text-xl font-bold">
        {t("orders.pay.title")}
      </h2>
      <p className="mt-2">
        {t(order.paymentType === "TRANSFER" ? "orders.pay.transferText" : "orders.pay.receiptText")}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {[
          ...rows,
          [t("orders.pay.reference"), order.publicId],
          [t("orders.pay.amount"), money(order.totals.total)],
        ].map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-mono font-semibold break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-muted">{t("orders.pay.referenceNote")}</p>
    </section>
  );
}

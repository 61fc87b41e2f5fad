import { orderDesignPreviewPath } from "@contract/api/design-links";
import { uploadPreviewPath } from "@contract/api/upload-previews";
import { Picture } from "../picture";
import type { Order } from "@contract/api/orders";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { lineDetailsText } from "@contract/catalogue/option-label";
import { CARRIER_LABELS } from "@contract/brands/names";
import { OrderTotals } from "../order-totals";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";

/** What was bought and how it comes: lines, totals with VAT, delivery, payment. */
export function OrderSummary({ order }: { order: Order }) {
  const { t, locale } = useShell();
  const money = useMoney();
  const { shipment, address } = order;
  // Dates are calendar days: formatted in UTC so the server and the browser agree.
  const day = (iso?: string) =>
    iso
      ? new Date(`${iso}T12:00:00Z`).toLocaleDateString(LOCALE_TAGS[locale], {
          weekday: "short",
          day: "numeric",
          month: "long",
          timeZone: "UTC",
        })
      : "";
  return (
    <>
      <section aria-labelledby="order-lines">
        <h2 id="order-lines" className="text-xl font-bold">
          {t("orders.summary.title")}
        </h2>
        <ul className="mt-4 divide-y divide-line rounded-card border border-line bg-surface" data-testid="order-lines">
          {order.lines.map((line, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change or move
              key={index}
              className="flex gap-4 p-4"
            >
              {line.designPreview ? (
                <Picture
                  src={uploadPreviewPath(orderDesignPreviewPath(order.publicId, line.designPreview), 320, "jpg")}
                  format="jpg"
                  alt=""
                  width={64}
                  height={64}
                  className="h-16 w-16 shrink-0 rounded-card bg-page object-contain"
                  testId="line-design-preview"
                />
              ) : (
                <img
                  src={line.image}
                  alt=""
                  width={64}
                  height={64}
                  className="h-16 w-16 shrink-0 rounded-card bg-page object-cover"
                />
              )}
              <div className="grow">
                <p className="font-semibold">{line.name}</p>
                {line.designName ? (
                  <p className="text-sm">{t("cart.line.yourDesign", { name: line.designName })}</p>
                ) : null}
                {line.options.length || line.innerPages !== null ? (
                  <p className="text-sm text-muted" data-testid="line-details">
                    {lineDetailsText(t, line)}
                  </p>
                ) : null}
                <p className="text-sm text-muted">
                  {t("orders.summary.quantity", { quantity: line.quantity, price: money(line.unitPrice) })}
                </p>
              </div>
              <p className="font-semibold">{money(line.total)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-4 rounded-card border border-line bg-surface p-4">
          <OrderTotals totals={order.totals} testId="order-totals" />
        </div>
      </section>
      <div className="grid gap-6 tablet:grid-cols-2">
        <section
          aria-labelledby="order-delivery"
          className="rounded-card border border-line bg-surface p-4"
          data-testid="order-delivery"
        >
          <h2
            id="order-delivery"
            className="text-lg font-bold"
            data-testid="delivery-mode"
            data-mode={shipment.deliveryMode}
          >
            {t(`deliveryModes.${shipment.deliveryMode}.name`)}
          </h2>
          <p className="text-sm text-muted">{t(`orders.delivery.${shipment.deliveryType}`)}</p>
          {order.pickupPoint ? (
            <address className="mt-2 not-italic">
              <strong>{order.pickupPoint.name}</strong>
              <br />
              {order.pickupPoint.street}
              <br />
              {order.pickupPoint.postcode} {order.pickupPoint.city}
              <br />
              <span className="text-sm text-muted">{order.pickupPoint.openingHours}</span>
            </address>
          ) : shipment.deliveryType === "FACTORY_PICKUP" ? (
            <p className="mt-2">{t("orders.delivery.factoryText")}</p>
          ) : (
            <address className="mt-2 not-italic">
              {[address.street, address.streetExtra].filter(Boolean).join(", ")}
              <br />
              {address.postcode} {address.city}
              {address.province ? `, ${address.province}` : ""}
            </address>
          )}
          {shipment.carrier ? (
            <p className="mt-2">
              {t("orders.delivery.carrier", { carrier: CARRIER_LABELS[shipment.carrier] ?? shipment.carrier })}
            </p>
          ) : null}
          {shipment.earliest ? (
            <p className="mt-1 text-sm text-muted">
              {t("orders.delivery.window", { from: day(shipment.earliest), to: day(shipment.latest) })}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="order-payment" className="rounded-card border border-line bg-surface p-4">
          <h2 id="order-payment" className="text-lg font-bold">
            {t("orders.summary.payment")}
          </h2>
          <p className="mt-2">{t(`orders.methods.${order.paymentMethod}`)}</p>
          <p className="text-sm text-muted">{t(`orders.paymentStatus.${order.paymentStatus}`)}</p>
        </section>
      </div>
    </>
  );
}

import { orderDesignPreviewPath } from "@contract/api/design-links";
import { lineDetailsText } from "@contract/catalogue/option-label";
import { optionTranslate } from "@contract/catalogue/option-strings";
import type { Order } from "@contract/api/orders";
import { CARRIER_LABELS } from "@contract/brands/names";
import type { Brand } from "@contract/brands/brands";
import { OFFLINE_PAYMENT_DETAILS } from "@contract/brands/offline-payment";
import { LOCALE_TAGS, isLocale } from "@contract/locales/locales";
import { localizePath } from "@contract/locales/paths";
import { formatMoney } from "@contract/rules/money";
import { ORDER_CONFIRMATION } from "./email-texts";

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * The confirmation e-mail of an order, in its locale: summary, the totals it was charged with VAT, delivery, how to
 * pay, tracking link.
 */
export function orderConfirmationEmail(order: Order, brand: Brand, siteUrl: string) {
  const locale = isLocale(order.locale) ? order.locale : brand.defaultLocale;
  const texts = ORDER_CONFIRMATION[locale] ?? ORDER_CONFIRMATION.en!;
  const tag = LOCALE_TAGS[locale];
  const money = (amount: number) =>
    formatMoney(amount, { currency: order.currency, decimals: brand.decimals, locale: tag });
  const date = (iso: string | undefined) =>
    iso ? new Date(`${iso}T12:00:00Z`).toLocaleDateString(tag, { day: "numeric", month: "long" }) : "";
  const { contact, address, shipment, totals } = order;
  const origin = siteUrl.replace(/\/$/, "");
  const bank = OFFLINE_PAYMENT_DETAILS[brand.slug];
  const values = {
    name: contact.firstName,
    id: order.publicId,
    amount: money(totals.total),
    beneficiary: bank.beneficiary,
    iban: bank.iban,
    bic: bank.bic,
    entity: bank.multibancoEntity,
    rate: String(totals.vatRate),
    vat: money(totals.vat),
    carrier: CARRIER_LABELS[shipment.carrier ?? ""] ?? "",
    from: date(shipment.earliest),
    to: date(shipment.latest),
    point: order.pickupPoint
      ? `${order.pickupPoint.name}, ${order.pickupPoint.street}, ${order.pickupPoint.postcode} ${order.pickupPoint.city}`
      : "",
    link: `${origin}${localizePath(`/tracking/${order.publicId}`, locale, brand)}`,
  };
  const paid = order.paymentStatus === "PAID";
  const delivery =
    shipment.deliveryType === "FACTORY_PICKUP"
      ? [texts.factory]
      : order.pickupPoint
        ? [fill(texts.pickupPoint, values), fill(texts.window, values)]
        : [
            texts.address,
            [address.street, address.streetExtra].filter(Boolean).join(", "),
            `${address.postcode} ${address.city}`,
            fill(texts.window, values),
          ];
  const howToPay = paid
    ? []
    : order.paymentType === "TRANSFER"
      ? [fill(texts.transfer, values), ""]
      : order.paymentType === "BANK_RECEIPT"
        ? [fill(texts.bankReceipt, values), ""]
        : [];
  const body = [
    fill(texts.greeting, values),
    "",
    fill(paid ? texts.paid : texts.pending, values),
    "",
    ...howToPay,
    ...order.lines.flatMap((line) => [
      // The options as the order's pages show them, in the order's language.
      `${line.quantity} × ${line.name}${line.options.length || line.innerPages !== null ? ` (${lineDetailsText(optionTranslate(locale), line)})` : ""} — ${money(line.total)}`,
      // A creator design: its name and where its preview is (the order's own copy, for whoever may see the order).
      ...(line.designName && line.designPreview
        ? [
            `   ${fill(texts.design, { design: line.designName, preview: `${origin}${orderDesignPreviewPath(order.publicId, line.designPreview)}` })}`,
          ]
        : []),
    ]),
    "",
    `${texts.subtotal}: ${money(totals.subtotal)}`,
    ...(totals.promotion?.amount
      ? [`${texts.discount} (${totals.promotion.code}): −${money(totals.promotion.amount)}`]
      : []),
    `${texts.shipping}: ${money(totals.shipping)}`,
    `${texts.total}: ${money(totals.total)} (${fill(texts.vat, values)})`,
    "",
    ...delivery,
    "",
    fill(texts.tracking, values),
    "",
    texts.thanks,
    brand.name,
  ].join("\n");
  return { subject: fill(paid ? texts.subjectPaid : texts.subjectPending, values), body };
}

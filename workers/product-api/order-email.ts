import type { Brand } from "@contract/brands/brands";
import { LOCALE_TAGS, isLocale } from "@contract/locales/locales";
import { localizePath } from "@contract/locales/paths";
import { OFFLINE_PAYMENT_DETAILS } from "@contract/brands/offline-payment";
import { VAT_RATES } from "@contract/pricing/vat";
import type { Order } from "@contract/api/orders";
import { formatMoney } from "@contract/rules/money";
import { ORDER_CONFIRMATION } from "./emails";

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

const CARRIER_NAMES: Record<string, string> = {
  CORREOS: "Correos", MONDIAL_RELAY: "Mondial Relay", DHL_PARCEL: "DHL Parcel", GLS: "GLS", CHRONOEXPRESS: "Chronoexpress", UPS: "UPS",
};

/** The confirmation e-mail of an order, in its locale: summary, totals with VAT, delivery, how to pay, tracking link. */
export function orderConfirmationEmail(order: Order, brand: Brand, siteUrl: string) {
  const locale = isLocale(order.locale) ? order.locale : brand.defaultLocale;
  const texts = ORDER_CONFIRMATION[locale] ?? ORDER_CONFIRMATION.en!;
  const tag = LOCALE_TAGS[locale];
  const money = (amount: number) => formatMoney(amount, { currency: order.currency, decimals: brand.decimals, locale: tag });
  const date = (iso: unknown) => (typeof iso === "string" ? new Date(`${iso}T12:00:00Z`).toLocaleDateString(tag, { day: "numeric", month: "long" }) : "");
  const contact = order.contact as { firstName?: string };
  const address = order.address as { street?: string; streetExtra?: string; postcode?: string; city?: string };
  const shipment = order.shipment as { deliveryType?: string; carrier?: string | null; earliest?: string; latest?: string };
  const bank = OFFLINE_PAYMENT_DETAILS[brand.slug];
  const values = {
    name: contact.firstName ?? "", id: order.publicId, amount: money(order.total), beneficiary: bank.beneficiary, iban: bank.iban, bic: bank.bic,
    entity: bank.multibancoEntity, rate: String(VAT_RATES[brand.country] ?? 21), vat: money(order.vat),
    carrier: CARRIER_NAMES[shipment.carrier ?? ""] ?? "", from: date(shipment.earliest), to: date(shipment.latest),
    point: order.pickupPoint ? `${order.pickupPoint.name}, ${order.pickupPoint.street}, ${order.pickupPoint.postcode} ${order.pickupPoint.city}` : "",
    link: `${siteUrl.replace(/\/$/, "")}${localizePath(`/tracking/${order.publicId}`, locale, brand)}`,
  };
  const paid = order.paymentStatus === "PAID";
  const delivery =
    shipment.deliveryType === "FACTORY_PICKUP" ? [texts.factory]
    : order.pickupPoint ? [fill(texts.pickupPoint, values), fill(texts.window, values)]
    : [texts.address, [address.street, address.streetExtra].filter(Boolean).join(", "), `${address.postcode ?? ""} ${address.city ?? ""}`, fill(texts.window, values)];
  const howToPay = paid ? [] : order.paymentType === "TRANSFER" ? [fill(texts.transfer, values), ""] : order.paymentType === "BANK_RECEIPT" ? [fill(texts.bankReceipt, values), ""] : [];
  const body = [
    fill(texts.greeting, values),
    "",
    fill(paid ? texts.paid : texts.pending, values),
    "",
    ...howToPay,
    ...order.lines.map((line) => `${line.quantity} × ${line.name}${line.options.length ? ` (${line.options.map((option) => option.code).join(", ")})` : ""} — ${money(line.total)}`),
    "",
    `${texts.subtotal}: ${money(order.subtotal)}`,
    ...(order.discount ? [`${texts.discount}${order.promotionCode ? ` (${order.promotionCode})` : ""}: −${money(order.discount)}`] : []),
    `${texts.shipping}: ${money(order.shipping)}`,
    `${texts.total}: ${money(order.total)} (${fill(texts.vat, values)})`,
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

import type { Translate } from "~/lib/i18n/translator";
import type { Invoice } from "@contract/api/invoices";
import { lineDetailsText } from "@contract/catalogue/option-label";

/**
 * How the invoice's words, money and dates are written: the page's language, the brand's currency rule, its country's
 * time zone.
 */
export type InvoiceFormat = {
  t: Translate;
  money: (minor: number) => string;
  date: (iso: string) => string;
  countryName: (code: string) => string;
};

export type InvoiceTotalRow = {
  key: "subtotal" | "promotion" | "shipping" | "net" | "vat" | "total";
  label: string;
  value: string;
};

export type InvoiceLineText = {
  description: string;
  details: string;
  quantity: string;
  unitPrice: string;
  total: string;
};

/**
 * The invoice as text blocks, so that the printable page and the PDF say the same thing: the seller, the buyer, the
 * facts (number, dates, order, payment), the lines and the totals as the product API computed them.
 */
export function invoiceDocument(invoice: Invoice, { t, money, date, countryName }: InvoiceFormat) {
  const { seller, buyer, totals, amounts } = invoice;
  const taxIdLine = (taxId: string) => `${t("invoices.document.taxId")}: ${taxId}`;
  return {
    title: t("invoices.document.title"),
    seller: [
      seller.legalName,
      seller.street,
      `${seller.postcode} ${seller.city}`,
      countryName(seller.country),
      taxIdLine(seller.taxId),
    ],
    buyer: [
      ...(buyer.companyName ? [buyer.companyName] : []),
      buyer.name,
      buyer.street,
      ...(buyer.streetExtra ? [buyer.streetExtra] : []),
      `${buyer.postcode} ${buyer.city}${buyer.province ? ` (${buyer.province})` : ""}`,
      countryName(buyer.country),
      ...(buyer.taxId ? [taxIdLine(buyer.taxId)] : []),
      buyer.email,
    ],
    facts: [
      [t("invoices.document.number"), invoice.number],
      [t("invoices.document.issuedAt"), date(invoice.issuedAt)],
      [t("invoices.document.order"), invoice.order.publicId],
      [t("invoices.document.orderDate"), date(invoice.order.createdAt)],
      [t("invoices.document.paymentMethod"), t(`checkout.methods.${invoice.paymentMethod}`)],
      ...(invoice.order.paidAt ? [[t("invoices.document.paidAt"), date(invoice.order.paidAt)]] : []),
    ] as [string, string][],
    lines: invoice.lines.map(
      (line): InvoiceLineText => ({
        description: line.name,
        details: lineDetailsText(t, line),
        quantity: String(line.quantity),
        unitPrice: money(line.unitPrice),
        total: money(line.total),
      }),
    ),
    totals: [
      { key: "subtotal", label: t("totals.subtotal"), value: money(totals.subtotal) },
      ...(totals.promotion
        ? [
            {
              key: "promotion",
              label: t("totals.promotion", { code: totals.promotion.code, percent: totals.promotion.discountPercent }),
              value: `−${money(totals.promotion.amount)}`,
            },
          ]
        : []),
      {
        key: "shipping",
        label: t("totals.shipping"),
        value: totals.shipping === 0 ? t("totals.free") : money(totals.shipping),
      },
      { key: "net", label: t("invoices.document.net"), value: money(amounts.net) },
      { key: "vat", label: t("invoices.document.vat", { rate: amounts.vatRate }), value: money(amounts.vat) },
      { key: "total", label: t("totals.total"), value: money(amounts.gross) },
    ] as InvoiceTotalRow[],
    note: t("invoices.document.vatIncluded", { rate: amounts.vatRate }),
  };
}

export type InvoiceDocument = ReturnType<typeof invoiceDocument>;

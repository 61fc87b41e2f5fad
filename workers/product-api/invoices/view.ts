import type { Invoice } from "@contract/api/invoices";
import type { BrandSlug } from "@contract/brands/brands";
import { BRAND_SELLERS } from "@contract/brands/sellers";
import { invoiceTotals } from "@contract/pricing/totals";
import { sql } from "../db/query";
import { orderRowBy } from "../orders/queries";
import { orderView } from "../orders/view";
import type { InvoiceRow } from "./queries";

/**
 * Everything an invoice shows: the brand's company, the buyer as the order names them, its lines and the totals it was
 * charged.
 */
export async function invoiceView(env: ProductApiEnv, invoice: InvoiceRow): Promise<Invoice> {
  const order = await orderView(env, (await orderRowBy(env, sql`id = ${invoice.orderId}`))!);
  const { contact, address } = order;
  const company = contact.customerType === "COMPANY";
  return {
    number: invoice.number,
    site: invoice.site,
    issuedAt: invoice.issuedAt,
    order: { publicId: order.publicId, createdAt: order.createdAt, paidAt: order.paidAt },
    paymentMethod: order.paymentMethod,
    currency: order.currency,
    seller: BRAND_SELLERS[invoice.site as BrandSlug],
    buyer: {
      name: `${contact.firstName} ${contact.lastName}`.trim(),
      customerType: contact.customerType,
      companyName: (company && contact.companyName) || null,
      taxId: (company && contact.taxId) || null,
      email: contact.email,
      street: address.street,
      streetExtra: address.streetExtra ?? null,
      postcode: address.postcode,
      city: address.city,
      province: address.province ?? null,
      country: address.country,
    },
    lines: order.lines.map((line) => ({
      name: line.name,
      options: line.options.map(({ group, code }) => ({ group, code })),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.total,
      innerPages: line.innerPages,
      extraPages: line.extraPages,
    })),
    totals: order.totals,
    amounts: invoiceTotals(order.totals),
  };
}

import { z } from "zod";
import { PAYMENT_METHODS } from "../brands/brands";
import { CUSTOMER_TYPES, OPTION_GROUPS } from "./enums";
import { actorParams } from "./accounts";
import { listPageOf, listPageParam } from "./account-orders";
import { totalsSchema } from "./totals";

/**
 * Invoices: one per paid order, issued in the batch that marks it paid, numbered per site and calendar year (UTC)
 * without gaps: `{SITE}-{YEAR}-{6-digit sequence}`, e.g. WPX-ES-2026-000042.
 */

const INVOICE_NUMBER_PATTERN = /^[A-Z]{2,3}-[A-Z]{2}-\d{4}-\d{6}$/;
export const invoiceNumberParam = z.object({ number: z.string().regex(INVOICE_NUMBER_PATTERN) });

export const invoiceNumberOf = (site: string, year: number, sequence: number) =>
  `${site}-${year}-${String(sequence).padStart(6, "0")}`;

export const INVOICES_PAGE_SIZE = 20;

export const invoiceListParams = actorParams.extend({ page: listPageParam });
export const invoiceParams = actorParams;

const invoiceSummarySchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  orderPublicId: z.string(),
  total: z.number().int(),
  currency: z.string().length(3),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListSchema = listPageOf(invoiceSummarySchema);

const party = z.object({ street: z.string(), postcode: z.string(), city: z.string(), country: z.string().length(2) });

export const invoiceSchema = z.object({
  number: z.string(),
  site: z.string(),
  issuedAt: z.string(),
  order: z.object({ publicId: z.string(), createdAt: z.string(), paidAt: z.string().nullable() }),
  paymentMethod: z.enum(PAYMENT_METHODS),
  currency: z.string().length(3),
  /** The brand's company. */
  seller: party.extend({ legalName: z.string(), taxId: z.string() }),
  /** The order's contact and its (billing) address; a company's name and tax id when given. */
  buyer: party.extend({
    name: z.string(),
    customerType: z.enum(CUSTOMER_TYPES),
    companyName: z.string().nullable(),
    taxId: z.string().nullable(),
    email: z.string(),
    streetExtra: z.string().nullable(),
    province: z.string().nullable(),
  }),
  lines: z.array(
    z.object({
      name: z.string(),
      options: z.array(z.object({ group: z.enum(OPTION_GROUPS), code: z.string() })),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      total: z.number().int(),
      /** A paged design's inner pages and the extra ones in its unit price. */
      innerPages: z.number().int().positive().nullable().default(null),
      extraPages: z.number().int().nonnegative().default(0),
    }),
  ),
  /** What the order was charged, VAT included (contract/pricing/totals.ts). */
  totals: totalsSchema,
  /** The total split into the net before VAT and the VAT inside it (`invoiceTotals`). */
  amounts: z.object({ net: z.number().int(), vatRate: z.number(), vat: z.number().int(), gross: z.number().int() }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

import { z } from "zod";

/**
 * What the storefront sends the invoice-pdf worker: an invoice already read with the account's right to it, already
 * written in the page's language (the printable page's words, money and dates), so the worker only draws.
 */
const text = z.string().max(500);
export const invoicePdfRequestSchema = z.object({
  number: z.string().min(1).max(40),
  orderPublicId: z.string().max(64),
  issuedAt: z.iso.datetime({ offset: true }),
  title: text,
  seller: z.object({ legalName: text, taxId: text, lines: z.array(text).min(1).max(12) }),
  buyer: z.array(text).max(12),
  facts: z.array(z.tuple([text, text])).max(12),
  lines: z
    .array(z.object({ description: text, details: text, quantity: text, unitPrice: text, total: text }))
    .max(2000),
  totals: z
    .array(
      z.object({ key: z.enum(["subtotal", "promotion", "shipping", "net", "vat", "total"]), label: text, value: text }),
    )
    .max(10),
  note: text,
  /** Column and block headings; `page` holds {page} and {pages}. */
  headings: z.object({ buyer: text, description: text, quantity: text, unitPrice: text, total: text, page: text }),
});
export type InvoicePdfRequest = z.infer<typeof invoicePdfRequestSchema>;

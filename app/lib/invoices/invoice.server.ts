import type { RouterContextProvider } from "react-router";
import type { Invoice } from "@contract/api/invoices";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { regionNames } from "@contract/rules/intl-formats";
import { formatMoney } from "@contract/rules/money";
import type { InvoicePdfRequest } from "@contract/api/invoice-pdf";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { brandContext, i18nContext, localeContext, requestInfoContext } from "~/lib/request/context/keys";
import { formatDate } from "~/lib/tracking/timeline";
import { invoiceDocument, type InvoiceFormat } from "./document";

type Context = Readonly<RouterContextProvider>;

/** The request's language with the brand's currency rule and its country's dates. */
export function invoiceFormatOf(context: Context): InvoiceFormat {
  const brand = context.get(brandContext);
  const tag = LOCALE_TAGS[context.get(localeContext)];
  const regions = regionNames(tag);
  return {
    t: context.get(i18nContext).t,
    money: (minor) => formatMoney(minor, { currency: brand.currency, decimals: brand.decimals, locale: tag }),
    date: (iso) => formatDate(iso, tag, brand.country, "long"),
    countryName: (code) => regions.of(code) ?? code,
  };
}

/**
 * The invoice's PDF as a download named after its number; one account's document, so never stored by anyone. The
 * invoice-pdf worker draws it from the same text as the printable page (pdf-lib and its font stay out of this worker).
 */
export async function invoicePdfFile(context: Context, invoice: Invoice): Promise<Response> {
  const format = invoiceFormatOf(context);
  const { t } = format;
  const document = invoiceDocument(invoice, format);
  const request: InvoicePdfRequest = {
    number: invoice.number,
    orderPublicId: invoice.order.publicId,
    issuedAt: invoice.issuedAt,
    title: document.title,
    seller: { legalName: invoice.seller.legalName, taxId: invoice.seller.taxId, lines: document.seller },
    buyer: document.buyer,
    facts: document.facts,
    lines: document.lines,
    totals: document.totals,
    note: document.note,
    headings: {
      buyer: t("invoices.document.buyer"),
      description: t("invoices.document.description"),
      quantity: t("invoices.document.quantity"),
      unitPrice: t("invoices.document.unitPrice"),
      total: t("invoices.document.amount"),
      page: t("invoices.document.page", { page: "{page}", pages: "{pages}" }),
    },
  };
  const { env, log } = context.get(requestInfoContext);
  const drawn = await env.INVOICE_PDF.fetch("https://invoice-pdf.internal/", {
    method: "POST",
    headers: { "content-type": "application/json", [REQUEST_ID_HEADER]: log.requestId },
    body: JSON.stringify(request),
  });
  if (!drawn.ok) throw new Error(`invoice-pdf answered ${drawn.status} for ${invoice.number}: ${await drawn.text()}`);
  return new Response(drawn.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}

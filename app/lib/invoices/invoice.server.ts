import type { RouterContextProvider } from "react-router";
import type { Invoice } from "@contract/api/invoices";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { formatMoney } from "@contract/rules/money";
import { brandContext, i18nContext, localeContext } from "~/lib/request/context";
import { formatDate } from "~/lib/tracking/timeline";
import { invoiceDocument, type InvoiceFormat } from "./document";
import { invoicePdf } from "./pdf.server";

type Context = Readonly<RouterContextProvider>;

/** The request's language with the brand's currency rule and its country's dates. */
export function invoiceFormatOf(context: Context): InvoiceFormat {
  const brand = context.get(brandContext);
  const tag = LOCALE_TAGS[context.get(localeContext)];
  const regions = new Intl.DisplayNames([tag], { type: "region" });
  return {
    t: context.get(i18nContext).t,
    money: (minor) => formatMoney(minor, { currency: brand.currency, decimals: brand.decimals, locale: tag }),
    date: (iso) => formatDate(iso, tag, brand.country, "long"),
    countryName: (code) => regions.of(code) ?? code,
  };
}

/** The invoice's PDF as a download named after its number; one account's document, so never stored by anyone. */
export async function invoicePdfFile(context: Context, invoice: Invoice): Promise<Response> {
  const format = invoiceFormatOf(context);
  const { t } = format;
  const bytes = await invoicePdf(invoice, invoiceDocument(invoice, format), {
    buyer: t("invoices.document.buyer"),
    description: t("invoices.document.description"),
    quantity: t("invoices.document.quantity"),
    unitPrice: t("invoices.document.unitPrice"),
    total: t("invoices.document.amount"),
    page: (page, pages) => t("invoices.document.page", { page, pages }),
  });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import { Form } from "react-router";
import type { TicketQuote } from "@contract/api/tickets";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { formatDay } from "../checkout/labels";
import { useShell } from "../use-shell";
import { QuoteStatusBadge } from "./ticket-status";

/**
 * A quote request's details on its ticket's page, and what the customer may do with it (docs/decisions/0039): accept
 * the price support answered with (8 confirmed), or withdraw the request while it is not confirmed (100 canceled).
 */
export function QuoteDetails({ quote, answered, busy }: { quote: TicketQuote; answered: boolean; busy: boolean }) {
  const { t, locale } = useShell();
  const rows: [string, string][] = [
    [t("checkout.contact.companyName"), quote.company],
    [t("quotes.form.products"), quote.products],
    [t("quotes.form.quantity"), quote.quantity.toLocaleString(LOCALE_TAGS[locale])],
    [t("quotes.form.deadline"), formatDay(quote.deadline, locale)],
    [t("quotes.form.arrangement"), t(`deliveryArrangements.${quote.arrangement}.name`)],
    ...(quote.phone ? [[t("checkout.contact.phone"), quote.phone] as [string, string]] : []),
  ];
  return (
    <section
      aria-labelledby="quote-title"
      className="rounded-card border border-line bg-surface p-5"
      data-testid="quote-details"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="quote-title" className="text-xl font-bold">
          {t("quotes.details.title")}
        </h2>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 tablet:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="whitespace-pre-wrap break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {quote.status === null && answered ? <p className="mt-3 text-muted">{t("quotes.details.explain")}</p> : null}
      {quote.status === null ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {answered ? (
            <Form method="post">
              <input type="hidden" name="intent" value="quote" />
              <button
                type="submit"
                name="status"
                value="8"
                disabled={busy}
                className="button-primary"
                data-testid="quote-accept"
              >
                {t("quotes.details.accept")}
              </button>
            </Form>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="quote" />
            <button
              type="submit"
              name="status"
              value="100"
              disabled={busy}
              className="button-secondary"
              data-testid="quote-withdraw"
            >
              {t("quotes.details.withdraw")}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

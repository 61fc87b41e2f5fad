import type { OfferCardView as Offer } from "~/lib/catalogue/card-views";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { dateTimeFormat } from "@contract/rules/intl-formats";
import { useMoney } from "./use-money";
import { useShell } from "./use-shell";

export function OfferCard({ offer }: { offer: Offer }) {
  const { t, locale } = useShell();
  const money = useMoney();
  const until = dateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(offer.endsAt),
  );
  return (
    <article
      className={`flex h-full flex-col gap-2 rounded-card border-2 border-dashed bg-surface p-5 ${offer.state === "EXPIRED" ? "border-line" : "border-brand"}`}
      data-state={offer.state}
    >
      <p className={`text-3xl font-bold ${offer.state === "EXPIRED" ? "text-muted line-through" : "text-brand"}`}>
        {t("offers.percent", { percent: offer.discountPercent })}
      </p>
      <h3 className="text-lg font-bold">{offer.title}</h3>
      <p className="text-muted">{offer.description}</p>
      <p className="text-sm">{offer.conditions}</p>
      {offer.minOrder > 0 ? <p className="text-sm">{t("offers.minOrder", { amount: money(offer.minOrder) })}</p> : null}
      <p className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
        <span
          className="rounded-button bg-brand-soft px-3 py-1 font-mono font-bold text-brand-strong"
          data-testid="offer-code"
        >
          {offer.code}
        </span>
        <span className="text-sm text-muted">
          {offer.state === "EXPIRED" ? t("offers.expired") : t("offers.validUntil", { date: until })}
        </span>
      </p>
    </article>
  );
}

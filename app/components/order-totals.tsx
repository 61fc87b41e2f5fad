import type { Totals } from "@contract/api/totals";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { regionNames } from "@contract/rules/intl-formats";
import { useMoney } from "./use-money";
import { useShell } from "./use-shell";

/**
 * What a cart, a checkout or an order costs, as the product API computed it: subtotal, promotion, shipping, the total
 * and the VAT inside it. The one rendering of totals; `shippingEstimated` labels the cart's cheapest-delivery estimate.
 */
export function OrderTotals({
  totals,
  shippingEstimated = false,
  testId,
}: {
  totals: Totals;
  shippingEstimated?: boolean;
  testId: string;
}) {
  const { root, t, locale } = useShell();
  const money = useMoney();
  const country = root?.brand.country ?? "";
  const countryName = regionNames(LOCALE_TAGS[locale]).of(country) ?? country;
  const row = "flex items-baseline justify-between gap-4 py-1";
  return (
    <dl data-testid={testId}>
      <div className={row}>
        <dt>{t("totals.subtotal")}</dt>
        <dd data-testid="subtotal">{money(totals.subtotal)}</dd>
      </div>
      {totals.promotion ? (
        <div className={`${row} text-brand-strong`}>
          <dt>{t("totals.promotion", { code: totals.promotion.code, percent: totals.promotion.discountPercent })}</dt>
          <dd data-testid="discount">−{money(totals.promotion.amount)}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>{t(shippingEstimated ? "totals.shippingEstimate" : "totals.shipping")}</dt>
        <dd data-testid="shipping">{totals.shipping === 0 ? t("totals.free") : money(totals.shipping)}</dd>
      </div>
      <div className={`${row} mt-2 border-t border-line pt-3 text-xl font-bold`}>
        <dt>{t("totals.total")}</dt>
        <dd data-testid="total">{money(totals.total)}</dd>
      </div>
      <div className={`${row} text-sm text-muted`}>
        <dt>{t("totals.vat", { rate: totals.vatRate, country: countryName })}</dt>
        <dd data-testid="vat">{money(totals.vat)}</dd>
      </div>
    </dl>
  );
}

import { Link } from "react-router";
import { useMoney } from "~/components/use-money";
import { useShell } from "~/components/use-shell";
import { LOCALE_TAGS } from "@contract/locales/locales";
import type { Cart } from "@contract/api/cart";

/** Subtotal, promotion, shipping estimate, total with the VAT it includes, and the way to checkout. */
export function CartTotals({ cart, country, freeShippingFrom }: { cart: Cart; country: string; freeShippingFrom: number | null }) {
  const { t, to, locale } = useShell();
  const money = useMoney();
  const afterDiscount = cart.subtotal - (cart.promotion?.amount ?? 0);
  const missing = freeShippingFrom === null ? 0 : freeShippingFrom - afterDiscount;
  const countryName = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: "region" }).of(country) ?? country;
  const row = "flex items-baseline justify-between gap-4 py-1";
  return (
    <div>
      <h2 className="text-xl font-bold">{t("cart.totals.title")}</h2>
      <dl className="mt-3" data-testid="cart-totals">
        <div className={row}><dt>{t("cart.totals.subtotal")}</dt><dd data-testid="subtotal">{money(cart.subtotal)}</dd></div>
        {cart.promotion ? (
          <div className={`${row} text-brand-strong`}>
            <dt>{t("cart.totals.promotion", { code: cart.promotion.code, percent: cart.promotion.discountPercent })}</dt>
            <dd data-testid="discount">−{money(cart.promotion.amount)}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt>{t("cart.totals.shipping")}</dt>
          <dd data-testid="shipping">{cart.shipping === 0 ? t("cart.totals.free") : money(cart.shipping)}</dd>
        </div>
        <div className={`${row} mt-2 border-t border-line pt-3 text-xl font-bold`}><dt>{t("cart.totals.total")}</dt><dd data-testid="total">{money(cart.total)}</dd></div>
        <div className={`${row} text-sm text-muted`}>
          <dt>{t("cart.totals.vat", { rate: cart.vatRate, country: countryName })}</dt>
          <dd data-testid="vat">{money(cart.vat)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm" data-testid="free-shipping">
        {cart.shipping > 0 && missing > 0 ? t("cart.totals.freeShippingFrom", { amount: money(missing) }) : t("cart.totals.freeShippingReached")}
      </p>
      <p className="mt-1 text-sm text-muted">{t("cart.totals.shippingNote")}</p>
      <Link to={to("/checkout")} className="button-primary mt-4 w-full" data-testid="go-to-checkout">{t("cart.checkout")}</Link>
    </div>
  );
}

import { Link } from "~/components/link";
import type { Cart } from "@contract/api/cart";
import { OrderTotals } from "~/components/order-totals";
import { useMoney } from "~/components/use-money";
import { useShell } from "~/components/use-shell";

/** The cart's totals (shipping is the cheapest home delivery), how far free shipping is, and the way to checkout. */
export function CartTotals({ cart }: { cart: Cart }) {
  const { t, to } = useShell();
  const money = useMoney();
  const remaining = cart.freeShippingRemaining ?? 0;
  return (
    <div>
      <h2 className="text-xl font-bold">{t("cart.totals.title")}</h2>
      <div className="mt-3">
        <OrderTotals totals={cart.totals} shippingEstimated testId="cart-totals" />
      </div>
      <p className="mt-2 text-sm" data-testid="free-shipping">
        {cart.totals.shipping > 0 && remaining > 0
          ? t("cart.totals.freeShippingFrom", { amount: money(remaining) })
          : t("cart.totals.freeShippingReached")}
      </p>
      <p className="mt-1 text-sm text-muted">{t("cart.totals.shippingNote")}</p>
      <Link to={to("/checkout")} className="button-primary mt-4 w-full" data-testid="go-to-checkout">
        {t("cart.checkout")}
      </Link>
    </div>
  );
}

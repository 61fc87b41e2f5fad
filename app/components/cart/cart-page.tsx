import { Link } from "~/components/link";
import { useShell } from "~/components/use-shell";
import type { Cart } from "@contract/api/cart";
import type { ReorderNotice } from "~/lib/account-orders/reorder.server";
import type { CartNotice } from "~/lib/cart/forms";
import type { ContentBlockView } from "~/lib/catalogue/content-block-view";
import { isFormRefusal } from "~/lib/forms/form-refusal";
import { ContentBlock } from "../content-block";
import { CartLine } from "./cart-line";
import { CartTotals } from "./cart-totals";
import { PromotionForm } from "./promotion-form";
import { isIntent, type CartAnswer } from "./use-cart-form";

type Data = {
  title: string;
  cart: Cart | null;
  notice: CartNotice;
  reorder?: ReorderNotice | null;
  block?: ContentBlockView | null;
};

const ownsForm = isIntent("update", "remove", "applyPromotion", "removePromotion");

export function CartPage({ data, actionData }: { data: Data; actionData?: CartAnswer }) {
  const { t, to } = useShell();
  const { cart, notice } = data;
  const said = notice.promotion && notice.code ? { state: notice.promotion, code: notice.code } : null;
  // Without JavaScript, an error of a form that is not on the page (an add from a product page) shows at the top.
  const orphanError =
    actionData && isFormRefusal(actionData) && (!ownsForm(actionData) || !cart)
      ? t(actionData.formError ?? "cart.errors.invalid")
      : null;
  return (
    <div className="container-page py-6 tablet:py-10">
      <h1 className="text-3xl font-bold tablet:text-4xl">{data.title}</h1>
      {notice.blocked ? (
        <div
          role="alert"
          className="mt-4 rounded-card border-2 border-red-700 bg-surface p-4"
          data-testid="cart-blocked"
        >
          <p className="font-semibold">{t("cart.blocked")}</p>
          <Link to={to("/contact")} className="mt-1 inline-block text-brand-strong">
            {t("errors.contact")}
          </Link>
        </div>
      ) : null}
      {notice.added && cart?.lines.length ? (
        <p role="status" className="mt-4 rounded-card bg-brand-soft p-4 font-semibold" data-testid="cart-added">
          {t("cart.added")}
        </p>
      ) : null}
      {data.reorder ? <ReorderSaid notice={data.reorder} /> : null}
      {orphanError ? (
        <p role="alert" className="mt-4 rounded-card border-2 border-red-700 bg-surface p-4 font-semibold">
          {orphanError}
        </p>
      ) : null}

      {cart?.lines.length ? (
        <div className="mt-6 grid gap-8 desktop:grid-cols-3">
          <section aria-label={t("cart.linesLabel")} className="desktop:col-span-2">
            <ul className="border-t border-line">
              {cart.lines.map((line) => (
                <CartLine key={line.id} line={line} actionData={actionData} />
              ))}
            </ul>
            <Link to={to("/")} className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-strong">
              {t("cart.continueShopping")}
            </Link>
          </section>
          <aside
            aria-label={t("cart.totals.title")}
            className="h-fit space-y-4 rounded-card border border-line bg-surface p-5 desktop:sticky desktop:top-4"
          >
            <CartTotals cart={cart} />
            <PromotionForm cart={cart} said={said} actionData={actionData} />
          </aside>
        </div>
      ) : (
        <div className="mt-6 max-w-2xl rounded-card border border-line bg-surface p-6" data-testid="cart-empty">
          <p className="text-lg font-semibold">{t("cart.empty.title")}</p>
          <p className="mt-1 text-muted">{t("cart.empty.text")}</p>
          <p className="mt-4 flex flex-wrap gap-3">
            <Link to={to("/")} className="button-primary">
              {t("cart.empty.home")}
            </Link>
            <Link to={to("/offers")} className="button-secondary">
              {t("cart.empty.offers")}
            </Link>
          </p>
        </div>
      )}
      <ContentBlock block={data.block ?? null} className="mt-10" />
    </div>
  );
}

/** What "buy again" put into the cart, and what the shop no longer sells. */
function ReorderSaid({ notice }: { notice: ReorderNotice }) {
  const { t } = useShell();
  const { publicId, added, skipped } = notice;
  return (
    <div role="status" className="mt-4 space-y-1 rounded-card bg-brand-soft p-4" data-testid="cart-reordered">
      <p className="font-semibold">
        {added
          ? t("accountOrders.reorder.added", { count: added, publicId })
          : t("accountOrders.reorder.noneAdded", { publicId })}
      </p>
      {skipped.length ? (
        <p data-testid="cart-reorder-skipped">{t("accountOrders.reorder.skipped", { names: skipped.join(", ") })}</p>
      ) : null}
    </div>
  );
}

import { useShell } from "~/components/use-shell";
import type { Cart, PromotionState } from "@contract/api/cart";
import { isIntent, useCartForm, type CartAnswer } from "./use-cart-form";

type Said = { state: PromotionState; code: string } | null;

/** Enter a code and hear what became of it; or take the applied code off. */
export function PromotionForm({ cart, said, actionData }: { cart: Cart; said: Said; actionData?: CartAnswer }) {
  const { t, to } = useShell();
  const apply = useCartForm("cart-promotion", actionData, isIntent("applyPromotion"));
  const remove = useCartForm("cart-promotion-remove", actionData, isIntent("removePromotion"));
  const result = (apply.answer?.ok ? apply.answer.promotion : null) ?? (apply.answer ? null : said);
  const error = apply.refusal ?? remove.refusal;
  const applied = result?.state === "APPLIED";
  return (
    <div className="border-t border-line pt-4">
      {cart.totals.promotion ? (
        <remove.fetcher.Form
          method="post"
          action={to("/cart")}
          className="flex flex-wrap items-center justify-between gap-2"
        >
          <input type="hidden" name="intent" value="removePromotion" />
          {/* Just applied, the message below says it (with the discount): not twice. */}
          <p className="font-semibold">
            {applied ? null : t("cart.promotion.current", { code: cart.totals.promotion.code })}
          </p>
          <button
            type="submit"
            disabled={remove.busy}
            className="min-h-11 text-sm font-semibold text-brand-strong underline"
          >
            {t("cart.promotion.remove")}
          </button>
        </remove.fetcher.Form>
      ) : (
        <apply.fetcher.Form method="post" action={to("/cart")} noValidate>
          <input type="hidden" name="intent" value="applyPromotion" />
          <label htmlFor="promotion-code" className="block font-semibold">
            {t("cart.promotion.label")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="promotion-code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={40}
              defaultValue={apply.refusal?.values.code ?? (result && !applied ? result.code : "")}
              aria-invalid={apply.refusal ? true : undefined}
              aria-describedby={apply.refusal || result ? "promotion-message" : undefined}
              className="min-h-11 w-full min-w-0 rounded-button border-2 border-line bg-surface px-3 uppercase aria-[invalid]:border-red-700"
            />
            <button type="submit" disabled={apply.busy} className="button-secondary shrink-0">
              {t("cart.promotion.apply")}
            </button>
          </div>
        </apply.fetcher.Form>
      )}
      <div aria-live="polite">
        {error ? (
          <p id="promotion-message" role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {t(error.formError ?? "cart.errors.invalid")}
          </p>
        ) : result ? (
          <p
            id="promotion-message"
            data-testid="promotion-message"
            data-state={result.state}
            className={`mt-2 text-sm font-semibold ${applied ? "text-brand-strong" : "text-red-800"}`}
          >
            {t(`cart.promotion.states.${result.state}`, {
              code: result.code.toUpperCase(),
              percent: cart.totals.promotion?.discountPercent ?? 0,
            })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

import { data, type RouterContextProvider } from "react-router";
import type { PromotionState } from "@contract/api/cart";
import { MAX_LINE_QUANTITY } from "@contract/api/enums";
import { readForm, refuse } from "~/lib/forms/form.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { requestInfoContext } from "~/lib/request/context/keys";
import { addToCart, changeCart, type CartChange } from "./current.server";
import { cartForm, formOptions, type CartIntent } from "./forms";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** A change the cart made, with JavaScript; a refusal is the one form shape (its message in `formError`). */
export type CartDone = {
  ok: true;
  intent: CartIntent;
  itemCount: number;
  promotion?: { state: PromotionState; code: string };
};

type Problem = "quantity" | "code" | "invalid" | "options" | "lineGone" | "cartGone";

/**
 * The cart's one action. With JavaScript (a fetcher's data request) it answers with data and the page revalidates;
 * without, it redirects (303) back to the cart, with what to say in the URL. Bad input answers 400 with a translated
 * message and the entered values, and changes nothing.
 */
export async function cartAction(args: Args) {
  const { context } = args;
  const values = await readForm(args);
  const fail = (problem: Problem, field: string | null = null) =>
    refuse(values, field ? { [field]: `cart.errors.${problem}` } : {}, `cart.errors.${problem}`);

  const parsed = cartForm.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = typeof issue?.path[0] === "string" ? issue.path[0] : null;
    return fail(issue?.message === "quantity" || issue?.message === "code" ? issue.message : "invalid", field);
  }
  const form = parsed.data;
  const withJs = context.get(requestInfoContext).isDataRequest;
  const done = (itemCount: number, redirectTo = "/cart", promotion?: { state: PromotionState; code: string }) =>
    withJs
      ? data<CartDone>({ ok: true, intent: form.intent, itemCount, promotion })
      : localRedirect(context, redirectTo, 303);
  const settle = <T extends { itemCount: number }>(change: CartChange<T>) =>
    change.ok ? done(change.result.itemCount) : fail(change.problem === "refused" ? "options" : change.problem);

  switch (form.intent) {
    case "add": {
      const cart = await addToCart(context, {
        articleId: form.article_id,
        options: formOptions(form),
        quantity: form.quantity,
        designId: form.design_id,
      });
      // The product API does not sell the article with those options (any more).
      if (cart === "refused" || cart === "pages") return fail("options");
      return done(cart.itemCount, "/cart?added=1");
    }
    case "update": {
      const quantity = Math.min(MAX_LINE_QUANTITY, Math.max(1, form.quantity + Number(form.step ?? 0)));
      const options = formOptions(form);
      return settle(
        await changeCart(context, (api, id) =>
          api.change(id, form.line, quantity, options.length ? options : undefined),
        ),
      );
    }
    case "remove":
      return settle(await changeCart(context, (api, id) => api.remove(id, form.line)));
    case "removePromotion":
      return settle(await changeCart(context, (api, id) => api.removePromotion(id)));
    case "applyPromotion": {
      const change = await changeCart(context, (api, id) => api.applyPromotion(id, form.code));
      if (!change.ok) return fail("cartGone");
      const { state, cart } = change.result;
      const query = new URLSearchParams({ promotion: state, code: form.code });
      return done(cart.itemCount, `/cart?${query}`, { state, code: form.code });
    }
  }
}

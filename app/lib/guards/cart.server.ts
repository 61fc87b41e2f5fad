import { sessionContext } from "../context";
import { localRedirect, safeReturnPath, type GuardArgs } from "./redirect.server";

/** Lines in the visitor's cart. The cart lives in the product API; until it exists, no cart id means empty. */
export async function cartLineCount({ context }: GuardArgs): Promise<number> {
  return context.get(sessionContext).data.cartId ? 1 : 0;
}

export async function redirectEmptyCart(args: GuardArgs) {
  if ((await cartLineCount(args)) === 0) throw localRedirect(args.context, "/cart");
}

/** On /login, a customer who is already in goes back where they came from, to checkout with a cart, or to the account. */
export async function loginRedirectionByCart(args: GuardArgs) {
  if (!args.context.get(sessionContext).data.customer) return;
  const back = new URL(args.request.url).searchParams.get("redirectTo");
  if (back) throw localRedirect(args.context, safeReturnPath(back));
  throw localRedirect(args.context, (await cartLineCount(args)) > 0 ? "/checkout" : "/accounts/home");
}

import { cartSummary } from "../cart/current.server";
import { sessionContext } from "~/lib/request/context";
import { localRedirect, safeReturnPath, type GuardArgs } from "./redirect.server";

/** Lines in the visitor's open cart, from the product API; no cart (or a paid, closed one) means none. */
export async function cartLineCount({ context }: GuardArgs): Promise<number> {
  return (await cartSummary(context))?.lineCount ?? 0;
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

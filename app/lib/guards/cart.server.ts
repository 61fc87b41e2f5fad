import { cartSummary } from "../cart/current.server";
import { sessionContext } from "~/lib/request/context/keys";
import { localRedirect, safeReturnPath, type GuardArgs } from "./redirect.server";

/** Lines in the visitor's open cart, from the product API; no cart (or a paid, closed one) means none. */
export async function cartLineCount({ context }: GuardArgs): Promise<number> {
  return (await cartSummary(context))?.lineCount ?? 0;
}

export async function redirectEmptyCart(args: GuardArgs) {
  if ((await cartLineCount(args)) === 0) throw localRedirect(args.context, "/cart");
}

/**
 * Where a signed-in visitor goes from /login (just signed in, or already in): to checkout with a cart, else back
 * where they came from (a path of this site only), else to their account: the shop's marketer to the marketing
 * dashboard, its place of work (docs/decisions/0034).
 */
export async function loginRedirectionByCart(args: GuardArgs, back: string | null | undefined, status = 302) {
  if ((await cartLineCount(args)) > 0) return localRedirect(args.context, "/checkout", status);
  const marketer = args.context.get(sessionContext).data.customer?.roles.includes("marketing");
  return localRedirect(args.context, back ? safeReturnPath(back) : marketer ? "/marketing" : "/accounts/home", status);
}

import type { RouterContextProvider } from "react-router";
import { sessionContext } from "~/lib/request/context/keys";
import type { Cart } from "@contract/api/cart";
import type { Customer } from "../session/data";
import { cartApi } from "./api.server";
import { cartChanged } from "./current.server";

/**
 * At login: the guest cart of this session joins the customer's open cart (or becomes it), and the session keeps the
 * one cart that is left. The login action calls it once the credentials are checked and the customer is in the session,
 * before it redirects (docs/decisions/0009): later cart calls carry the customer's id, which now owns the cart. Returns
 * that cart, or null when neither had one.
 */
export async function mergeGuestCartOnLogin(
  context: Readonly<RouterContextProvider>,
  customer: Pick<Customer, "id">,
): Promise<Cart | null> {
  const session = context.get(sessionContext);
  const { cart } = await cartApi(context).merge(customer.id, session.data.cartId);
  session.update({ cartId: cart?.id ?? null });
  cartChanged(context);
  return cart;
}

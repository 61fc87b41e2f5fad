import { sessionContext } from "~/lib/request/context/keys";
import type { Customer } from "../session/data";
import { localRedirect, type GuardArgs } from "./redirect.server";

/** Checkout is open to guests and customers alike; it says which one is buying. */
export function allowLoginOrGuestCheckout({
  context,
}: GuardArgs): { mode: "customer"; customer: Customer } | { mode: "guest" } {
  const customer = context.get(sessionContext).data.customer;
  return customer ? { mode: "customer", customer } : { mode: "guest" };
}

/** A customer whose account may not place orders (a blocked or read-only account) goes back to the cart. */
export function allowCustomerMakeOrders({ context }: GuardArgs) {
  const customer = context.get(sessionContext).data.customer;
  if (customer && !customer.canMakeOrders) throw localRedirect(context, "/cart?blocked=1");
}

/** Steps after contact need someone to buy for: without a customer or a guest e-mail, go back to step 1. */
export function redirectEmptyCustomer({ request, context }: GuardArgs, guestEmail: string | null) {
  const step = Number(new URL(request.url).searchParams.get("step") ?? "1");
  if (step > 1 && !context.get(sessionContext).data.customer && !guestEmail)
    throw localRedirect(context, "/checkout?step=1");
}

import type { RouterContextProvider } from "react-router";
import type { Account } from "@contract/api/accounts";
import { mergeGuestCartOnLogin } from "~/lib/cart/merge.server";
import { adoptGuestDesigns } from "~/lib/creator/designs-api.server";
import { ordersApi } from "~/lib/orders/api.server";
import { sessionContext } from "~/lib/request/context/keys";
import type { Customer } from "~/lib/session/data";
import { adoptGuestUploads } from "~/lib/uploads/adopt.server";

type Context = Readonly<RouterContextProvider>;

/** What the session keeps of an account: who it is, its kind and permissions (never from the browser). */
export const customerOf = (account: Account): Customer => ({
  id: account.id,
  email: account.email,
  firstName: account.firstName,
  lastName: account.lastName,
  kind: account.kind,
  permissions: account.permissions,
  canMakeOrders: account.canMakeOrders,
  masterId: account.masterId,
  roles: account.roles,
});

/**
 * Signs the account in: a new session id (no fixation), the customer in the session, the guest cart merged into theirs,
 * the orders this browser placed as a guest to the account's e-mail joined to the account, and its uploads and creator
 * designs moved to it.
 */
export async function signIn(context: Context, account: Account) {
  const session = context.get(sessionContext);
  session.rotate();
  const customer = customerOf(account);
  session.update({ customer, updateDateCustomer: new Date().toISOString(), oidcPending: null });
  const guestOrders = session.data.orderIds;
  await Promise.all([
    mergeGuestCartOnLogin(context, customer),
    guestOrders.length ? ordersApi(context).attach(account.id, guestOrders) : null,
    adoptGuestUploads(context),
    adoptGuestDesigns(context, account.id),
  ]);
  return customer;
}

/**
 * Signs out: a new session id, and nothing of the account left in it (its cart, its orders, its product-API session).
 */
export function signOut(context: Context) {
  const session = context.get(sessionContext);
  session.rotate();
  session.update({
    customer: null,
    updateDateCustomer: null,
    cartId: null,
    orderIds: [],
    oidcPending: null,
    fotiApiClient: { extSessionId: crypto.randomUUID() },
  });
}

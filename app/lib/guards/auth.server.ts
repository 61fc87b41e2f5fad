import { sessionContext } from "../context";
import { splitLocale } from "@contract/locales/paths";
import type { Customer } from "../session/data";
import { localRedirect, type GuardArgs } from "./redirect.server";
import { pageUrl } from "../page-url";

/** Auth required: a visitor without a customer goes to login, and comes back afterwards. */
export function requireCustomer({ request, context }: GuardArgs): Customer {
  const customer = context.get(sessionContext).data.customer;
  if (customer) return customer;
  const url = pageUrl(request);
  const back = `${splitLocale(url.pathname).path}${url.search}`;
  throw localRedirect(context, `/login?redirectTo=${encodeURIComponent(back)}`);
}

/** Guest only: a logged-in customer goes home. */
export function requireAnonymous({ context }: GuardArgs) {
  if (context.get(sessionContext).data.customer) throw localRedirect(context, "/");
}

/** Pages of the master (business partner) account kind. */
export function requireMasterAccount(args: GuardArgs): Customer {
  const customer = requireCustomer(args);
  if (customer.kind !== "master") throw localRedirect(args.context, "/accounts/home");
  return customer;
}

function requirePermission(args: GuardArgs, permission: Customer["permissions"][number]): Customer {
  const customer = requireCustomer(args);
  if (!customer.permissions.includes(permission)) throw localRedirect(args.context, "/accounts/home");
  return customer;
}

export const allowAccountsOrders = (args: GuardArgs) => requirePermission(args, "orders");
export const allowAccountsTickets = (args: GuardArgs) => requirePermission(args, "tickets");
export function allowAccountsInvoices(args: GuardArgs): Customer {
  requireMasterAccount(args);
  return requirePermission(args, "invoices");
}

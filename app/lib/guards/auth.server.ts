import type { MiddlewareFunction } from "react-router";
import { splitLocale } from "@contract/locales/paths";
import { customerContext, sessionContext } from "~/lib/request/context";
import { pageUrl } from "~/lib/request/page-url";
import type { Customer } from "~/lib/session/data";
import { localRedirect, type GuardArgs } from "./redirect.server";

/** Auth required: a visitor without a customer goes to login, and comes back afterwards. */
export function requireCustomer({ request, context }: GuardArgs): Customer {
  const customer = context.get(sessionContext).data.customer;
  if (customer) return customer;
  const url = pageUrl(request);
  const back = `${splitLocale(url.pathname).path}${url.search}`;
  throw localRedirect(context, `/login?redirectTo=${encodeURIComponent(back)}`);
}

/** The accounts layout's middleware: login is checked once for all its pages, which read the customer from the context. */
export const customerRequired: MiddlewareFunction<Response> = (args, next) => {
  args.context.set(customerContext, requireCustomer(args));
  return next();
};

/** Guest only: a logged-in customer goes home. */
export function requireAnonymous({ context }: GuardArgs) {
  if (context.get(sessionContext).data.customer) throw localRedirect(context, "/");
}

/** Pages of the master (business partner) account kind, under the accounts layout. */
export function requireMasterAccount({ context }: GuardArgs): Customer {
  const customer = context.get(customerContext);
  if (customer.kind !== "master") throw localRedirect(context, "/accounts/home");
  return customer;
}

function requirePermission({ context }: GuardArgs, permission: Customer["permissions"][number]): Customer {
  const customer = context.get(customerContext);
  if (!customer.permissions.includes(permission)) throw localRedirect(context, "/accounts/home");
  return customer;
}

export const allowAccountsOrders = (args: GuardArgs) => requirePermission(args, "orders");
export const allowAccountsTickets = (args: GuardArgs) => requirePermission(args, "tickets");
export function allowAccountsInvoices(args: GuardArgs): Customer {
  requireMasterAccount(args);
  return requirePermission(args, "invoices");
}

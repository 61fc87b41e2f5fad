import type { MiddlewareFunction } from "react-router";
import { splitLocale } from "@contract/locales/paths";
import type { CurrentAccount } from "@contract/api/accounts";
import { accountsApi } from "~/lib/accounts/api.server";
import { accountGone, isAccountPageRead } from "~/lib/accounts/page-read.server";
import { customerOf } from "~/lib/auth/session-customer.server";
import { knownCartSummary } from "~/lib/cart/current.server";
import { customerContext, sessionContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { declaredEarlyRead } from "~/lib/speed/early-reads.server";
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

/**
 * The accounts layout's middleware: login is checked once for all its pages, which read the customer from the context.
 * The account is read again as stored now, so a suspension or a withdrawn permission counts on the next page, not at
 * the next sign-in: a suspended or deleted account is signed out. A page whose route declares its read with the account
 * (`startsEarly(accountPageRead(...))`, docs/decisions/0030 and 0043) gets the account with its data on a GET: one call
 * for both; any other request reads the account on its own.
 */
export const customerRequired: MiddlewareFunction<Response> = async (args, next) => {
  const signedIn = requireCustomer(args);
  const declared = args.request.method === "GET" ? declaredEarlyRead(args) : undefined;
  const read = declared !== undefined && isAccountPageRead(declared) ? declared : undefined;
  let account: CurrentAccount | null;
  if (read) {
    // The page's read names the account of the session; the answer says whether it may still act.
    args.context.set(customerContext, signedIn);
    account = (await read.start(args)).account;
  } else {
    account = await accountsApi(args.context).current(signedIn.id);
  }
  if (account?.status !== "ACTIVE") throw accountGone(args.context);
  const customer = customerOf(account);
  if (JSON.stringify(customer) !== JSON.stringify(signedIn)) args.context.get(sessionContext).update({ customer });
  args.context.set(customerContext, customer);
  // The header's cart count comes with the account: no second call for it.
  knownCartSummary(args.context, account.openCart);
  return next();
};

/** Guest only: a logged-in customer goes home. */
export function requireAnonymous({ context }: GuardArgs) {
  if (context.get(sessionContext).data.customer) throw localRedirect(context, "/");
}

/**
 * Why an accounts page sent the account to its home, which says so (docs/decisions/0034): a page of company accounts,
 * of the company's owner, or one that needs a permission the account lacks.
 */
export const ACCOUNT_REFUSALS = [
  "companyOnly",
  "invoicesOnOrders",
  "ownerOnly",
  "orders",
  "tickets",
  "invoices",
] as const;
export type AccountRefusal = (typeof ACCOUNT_REFUSALS)[number];

export function isAccountRefusal(value: string | null): value is AccountRefusal {
  return (ACCOUNT_REFUSALS as readonly (string | null)[]).includes(value);
}

/** To the account's home, with the reason it shows. */
function refusedAccountPage(context: GuardArgs["context"], refusal: AccountRefusal) {
  return localRedirect(context, `/accounts/home?refused=${refusal}`);
}

/** Pages of the master (business partner) account kind, under the accounts layout. */
export function requireMasterAccount({ context }: GuardArgs): Customer {
  const customer = context.get(customerContext);
  if (customer.kind !== "master") throw refusedAccountPage(context, "companyOnly");
  return customer;
}

/**
 * Pages of a group's owner (the master itself): its company config, commissions and designs admin. Its staff, which
 * are of the master kind too, go to the account's home.
 */
export function requireGroupOwner(args: GuardArgs): Customer {
  const customer = requireMasterAccount(args);
  if (customer.masterId !== null) throw refusedAccountPage(args.context, "ownerOnly");
  return customer;
}

function requirePermission({ context }: GuardArgs, permission: Customer["permissions"][number]): Customer {
  const customer = context.get(customerContext);
  if (!customer.permissions.includes(permission)) throw refusedAccountPage(context, permission);
  return customer;
}

export const allowAccountsOrders = (args: GuardArgs) => requirePermission(args, "orders");
export const allowAccountsTickets = (args: GuardArgs) => requirePermission(args, "tickets");
export function allowAccountsInvoices(args: GuardArgs): Customer {
  // The list is for company accounts; a customer finds each invoice beside its order, and is told so.
  if (args.context.get(customerContext).kind !== "master") throw refusedAccountPage(args.context, "invoicesOnOrders");
  return requirePermission(args, "invoices");
}
/**
 * One invoice (its printable page and its PDF): the invoices permission is enough. The list is for the master account
 * kind, but a customer opens its own invoices from its orders page; which invoice the account may see, the API decides.
 */
export const allowAccountsInvoice = (args: GuardArgs) => requirePermission(args, "invoices");

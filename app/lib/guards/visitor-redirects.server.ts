import { sessionContext } from "~/lib/request/context/keys";
import { splitLocale } from "@contract/locales/paths";
import { requireCustomer } from "./auth.server";
import { localRedirect, type GuardArgs } from "./redirect.server";
import { pageUrl } from "~/lib/request/routing/page-url";

/** A logged-in customer tracks orders from their account. */
export function trackingRedirectIfLogged({ context }: GuardArgs) {
  if (context.get(sessionContext).data.customer) throw localRedirect(context, "/accounts/orders");
}

/**
 * A logged-in customer contacts us by opening a ticket (or a quote request): the contact action of the account area.
 */
export function redirectContactIfLogged({ context, request }: GuardArgs) {
  if (!context.get(sessionContext).data.customer) return;
  const asked = pageUrl(request).searchParams;
  if (asked.get("form") !== "quote") throw localRedirect(context, "/accounts/tickets?new=1");
  throw localRedirect(
    context,
    `/accounts/tickets?new=quote${asked.get("arrangement") === "MANAGED" ? "&arrangement=MANAGED" : ""}`,
  );
}

export const ACCOUNT_SHORTCUTS = {
  orders: "/accounts/orders",
  tickets: "/accounts/tickets",
  invoices: "/accounts/invoices",
} as const;

/**
 * /orders, /tickets and /invoices lead to their page under /accounts. Those pages need login, so the redirect
 * happens for a logged-in customer; a guest goes through login first and lands there afterwards.
 */
export function accountShortcut(args: GuardArgs): never {
  const name = splitLocale(pageUrl(args.request).pathname).path.slice(1) as keyof typeof ACCOUNT_SHORTCUTS;
  const target = ACCOUNT_SHORTCUTS[name];
  requireCustomer({ ...args, request: new Request(new URL(target, args.request.url)) });
  throw localRedirect(args.context, target);
}

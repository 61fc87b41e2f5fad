import type { MiddlewareFunction } from "react-router";
import { pageNotFound } from "~/lib/errors";
import { customerContext } from "~/lib/request/context/keys";
import { shellData, type RootData } from "~/lib/request/rendering/shell-data.server";
import type { Customer } from "~/lib/session/data";
import type { GuardArgs } from "./redirect.server";

/**
 * The marketing pages' rule, after login (customerRequired, which reads the account as stored now): an account
 * without the marketing role gets the spec's 404, as if the page did not exist (docs/decisions/0027).
 */
export function requireMarketer({ request, context }: GuardArgs, shell?: RootData): Customer {
  const customer = context.get(customerContext);
  if (!customer.roles.includes("marketing")) throw pageNotFound(request, shell);
  return customer;
}

/** The marketing layout's middleware: its page and its CSV exports open only to a marketer. */
export const marketerRequired: MiddlewareFunction<Response> = async (args, next) => {
  if (!args.context.get(customerContext).roles.includes("marketing"))
    requireMarketer(args, await shellData(args.request, args.context));
  return next();
};

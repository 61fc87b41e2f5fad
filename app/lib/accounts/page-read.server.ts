import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { withAccountSchema, type CurrentAccount } from "@contract/api/accounts";
import { signOut } from "~/lib/auth/session-customer.server";
import { routeAnswerFor } from "~/lib/errors";
import { localRedirect } from "~/lib/guards/redirect.server";
import { apiContext } from "~/lib/request/context/keys";
import { readFirst, type ReadFirst } from "~/lib/speed/early-reads.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
type Get<S extends z.ZodType> = { path: string; params: Record<string, string | number>; schema: S };

/**
 * What an account page's read brings: the acting account as stored now (null when there is none), and the page's data
 * while it is active.
 */
export type WithAccount<T> = { account: CurrentAccount | null; data: T | null };
export type AccountPageRead<T = unknown> = ReadFirst<WithAccount<T>> & { withAccount: true };

/** Whether a page's early read brings the account with it (an accountPageRead). */
export function isAccountPageRead(read: ReadFirst<unknown>): read is AccountPageRead {
  return (read as Partial<AccountPageRead>).withAccount === true;
}

/**
 * An account page's one read of the product API (docs/decisions/0030): its data with the acting account
 * (`with_account=1`). Its route declares it (`export const middleware = [startsEarly(read)]`,
 * speed/early-reads.server.ts); on a GET the accounts layout's middleware makes it and checks the account it brings, so
 * the check costs no call of its own; the page's loader takes the data with `pageData`.
 */
export function accountPageRead<S extends z.ZodType>(get: (args: Args) => Get<S>): AccountPageRead<z.output<S>> {
  const read = readFirst(async (args) => {
    const { path, params, schema } = get(args);
    try {
      const answer = await args.context.get(apiContext).get(path, { ...params, with_account: "1" }, withAccountSchema);
      return {
        account: answer.account,
        data: answer.account?.status === "ACTIVE" ? (schema.parse(answer) as z.output<S>) : null,
      };
    } catch (thrown) {
      throw routeAnswerFor(thrown);
    }
  });
  return Object.assign(read, { withAccount: true as const });
}

/** A signed-in session whose account may no longer act ends: signed out, to login. */
export function accountGone(context: Args["context"]): Response {
  signOut(context);
  return localRedirect(context, "/login?error=SessionRequired");
}

/** The page's data, for its loader; an account that may no longer act by now (after an action) is signed out. */
export async function pageData<T>(read: AccountPageRead<T>, args: Args): Promise<T> {
  const { data } = await read.answer(args);
  if (data === null) throw accountGone(args.context);
  return data;
}

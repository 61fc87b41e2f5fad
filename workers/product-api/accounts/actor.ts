import type { Context } from "hono";
import type { Account, CurrentAccount } from "@contract/api/accounts";
import { API_ERROR_CODES } from "@contract/api/errors";
import type { SQL } from "drizzle-orm";
import { sql } from "../db/query";
import { customerCartSummary } from "../carts/queries";
import { apiError, type ProductApi } from "../http/api";
import { accountById, accountView, type AccountRow } from "./queries";
import { keepAtMost } from "@contract/rules/keep-at-most";

type Permission = Account["permissions"][number];

/**
 * The account a call acts for, as stored now (a suspension or a withdrawn permission counts at once), and its group: a
 * customer is a group of one; a master owns a group with its sub-accounts (staff).
 */
export type Actor = {
  account: Account;
  /** The master that owns the group: the account itself for a customer or a master, its master for a sub-account. */
  groupId: string;
  /** A master itself, not one of its sub-accounts: only it manages staff, the company's data and commissions. */
  isGroupOwner: boolean;
};

/** The acting account when it exists on this site and is active; null otherwise (the caller answers 403). */
export async function actorOf(env: ProductApiEnv, site: string, accountId: string): Promise<Actor | null> {
  return actorOfRow(await accountById(env, site, accountId));
}

function actorOfRow(row: AccountRow | undefined): Actor | null {
  if (row?.status !== "ACTIVE") return null;
  const account = accountView(row);
  return {
    account,
    groupId: account.masterId ?? account.id,
    isGroupOwner: account.kind === "master" && account.masterId === null,
  };
}

export const may = (actor: Actor, permission: Permission) => actor.account.permissions.includes(permission);

/**
 * Whose records of a kind the actor sees, as a condition on an account id column: a customer its own; a master and its
 * sub-accounts with the permission the whole group's. Without the permission, nobody's.
 */
export function visibleTo(actor: Actor, permission: Permission, column: SQL): SQL {
  if (!may(actor, permission)) return sql`0`;
  if (actor.account.kind === "customer") return sql`${column} = ${actor.account.id}`;
  return sql`${column} IN (SELECT id FROM accounts WHERE id = ${actor.groupId} OR master_id = ${actor.groupId})`;
}

export const forbidden = (c: Context<ProductApi>) =>
  apiError(c, 403, API_ERROR_CODES.forbidden, "This account may not do that");

/**
 * The actor of a call, or the 403 answer to give: `const actor = await actorOrAnswer(c, site, accountId); if (actor
 * instanceof Response) return actor;`
 */
export async function actorOrAnswer(
  c: Context<ProductApi>,
  site: string,
  accountId: string,
): Promise<Actor | Response> {
  return (await actorOf(c.env, site, accountId)) ?? forbidden(c);
}

/** The actor each account acted as last in this isolate: a guess to start a read with, never an authority. */
const lastActors = new Map<string, Actor>();
const LAST_ACTORS_MAX = 10_000;

/**
 * Answers a read made as an account (`read` gives the body for the actor), or 403 when the account may not act.
 * Asked `with_account=1`, the answer carries `account`: the acting account as stored now with its open cart (null when
 * there is none), so a signed-in page checks its account and reads its data in one call (docs/decisions/0030); the body
 * comes only for an active account.
 *
 * The account's row, its cart and the read go to D1 as one batch (one transaction) when this isolate has seen the
 * account act before: the read starts for the actor seen last and counts only if the row read beside it is that same
 * actor now; otherwise the read runs again for the actor as stored. `read` must only read.
 */
export async function answerAsActor(
  c: Context<ProductApi>,
  site: string,
  accountId: string,
  read: (actor: Actor) => Promise<object>,
): Promise<Response> {
  const withAccount = c.req.query("with_account") === "1";
  const key = `${site}/${accountId}`;
  const guess = lastActors.get(key);
  const [row, openCart, guessed] = await Promise.all([
    accountById(c.env, site, accountId),
    withAccount ? customerCartSummary(c.env, site, accountId) : undefined,
    guess ? read(guess) : undefined,
  ]);
  const actor = actorOfRow(row);
  lastActors.delete(key);
  if (actor) keepAtMost(lastActors, LAST_ACTORS_MAX, key, actor);
  const body = !actor ? null : guess && sameActor(guess, actor) ? guessed! : await read(actor);
  if (!withAccount) return body ? c.json(body) : forbidden(c);
  const account: CurrentAccount | null = row ? { ...accountView(row), openCart: openCart ?? null } : null;
  return c.json({ ...body, account });
}

const sameActor = (a: Actor, b: Actor) => JSON.stringify(a) === JSON.stringify(b);

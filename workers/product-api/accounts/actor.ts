import type { Context } from "hono";
import type { Account } from "@contract/api/accounts";
import { API_ERROR_CODES } from "@contract/api/errors";
import type { SQL } from "drizzle-orm";
import { sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { accountById, accountView } from "./queries";

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
  const row = await accountById(env, site, accountId);
  if (!row || row.status !== "ACTIVE") return null;
  const account = accountView(row);
  return { account, groupId: account.masterId ?? account.id, isGroupOwner: account.kind === "master" && account.masterId === null };
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

export const forbidden = (c: Context<ProductApi>) => apiError(c, 403, API_ERROR_CODES.forbidden, "This account may not do that");

/** The actor of a call, or the 403 answer to give: `const actor = await actorOrAnswer(c, site, accountId); if (actor instanceof Response) return actor;` */
export async function actorOrAnswer(c: Context<ProductApi>, site: string, accountId: string): Promise<Actor | Response> {
  return (await actorOf(c.env, site, accountId)) ?? forbidden(c);
}

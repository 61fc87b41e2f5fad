import type { Context } from "hono";
import type { ProductApi } from "../http/api";
import { actorOrAnswer, forbidden, type Actor } from "./actor";

/**
 * The acting account when it holds the shop's marketing role (as stored now: a withdrawn role counts at once), or the
 * 403 to answer. A marketer of one brand reads every brand's figures: they are the shop's staff (docs/decisions/0027).
 */
export async function marketerOrAnswer(
  c: Context<ProductApi>,
  site: string,
  accountId: string,
): Promise<Actor | Response> {
  const actor = await actorOrAnswer(c, site, accountId);
  if (actor instanceof Response) return actor;
  return actor.account.roles.includes("marketing") ? actor : forbidden(c);
}

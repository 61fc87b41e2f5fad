import type { Context } from "hono";
import type { ProductApi } from "../http/api";
import { actorOrAnswer, forbidden, type Actor } from "./actor";

/**
 * The acting account when it owns a group (a master itself), or the 403 to answer: only the owner manages its staff,
 * its company's config, its commissions and its group's designs; its staff, whatever their permissions, do not.
 */
export async function groupOwnerOrAnswer(
  c: Context<ProductApi>,
  site: string,
  accountId: string,
): Promise<Actor | Response> {
  const actor = await actorOrAnswer(c, site, accountId);
  if (actor instanceof Response) return actor;
  return actor.isGroupOwner ? actor : forbidden(c);
}

import { sessionContext } from "~/lib/request/context/keys";
import { pageNotFound } from "../errors";
import { localRedirect, type GuardArgs } from "../guards/redirect.server";
import type { Order } from "@contract/api/orders";
import { ordersApi } from "../orders/api.server";
import { trackingApi } from "./api.server";

const MAX_TRACKED_ORDERS = 20;

/** Lets this session see an order from now on (newest first, the last 20). */
export function rememberOrder({ context }: GuardArgs, publicId: string) {
  const session = context.get(sessionContext);
  const orderIds = [publicId, ...session.data.orderIds.filter((id) => id !== publicId)].slice(0, MAX_TRACKED_ORDERS);
  session.update({ orderIds });
}

/**
 * The order, for a session that placed it or proved it with the e-mail lookup, or for a signed-in account that may see
 * it (its own, or its group's with the orders permission: the account's orders page links here). Anyone else is sent
 * to the lookup with the id filled in (without learning whether the order exists); a remembered order that is gone is
 * a 404.
 */
export async function requireTrackedOrder(args: GuardArgs, publicId: string): Promise<Order> {
  const session = args.context.get(sessionContext).data;
  if (!session.orderIds.includes(publicId)) {
    const theirs = session.customer ? await ordersApi(args.context).order(publicId) : null;
    if (theirs) return theirs;
    throw localRedirect(args.context, `/tracking?public_id=${encodeURIComponent(publicId)}`);
  }
  const order = await trackingApi(args.context).order(publicId);
  if (!order) throw pageNotFound(args.request);
  return order;
}

import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { ReorderResult } from "@contract/api/account-orders";
import { PUBLIC_ID_PATTERN } from "@contract/api/orders";
import { cartChanged } from "~/lib/cart/current.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { ordersApi } from "~/lib/orders/api.server";
import { sessionContext } from "~/lib/request/context/keys";

type Context = Readonly<RouterContextProvider>;

/**
 * After "buy again": the session follows the account's cart, and the cart page is told what happened in its URL (the
 * order, how many lines went in, the article ids that did not), so it also reads right without JavaScript.
 */
export function reorderRedirect(context: Context, publicId: string, result: ReorderResult) {
  context.get(sessionContext).update({ cartId: result.cart.id });
  cartChanged(context);
  const query = new URLSearchParams({ reorder: publicId, reorder_added: String(result.added.length) });
  if (result.skipped.length) query.set("reorder_skipped", result.skipped.map((line) => line.articleId).join(","));
  return localRedirect(context, `/cart?${query}`, 303);
}

const noticeQuery = z.object({
  reorder: z.string().regex(PUBLIC_ID_PATTERN),
  reorder_added: z.coerce.number().int().min(0).max(1000),
  reorder_skipped: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/)
    .optional(),
});

export type ReorderNotice = { publicId: string; added: number; skipped: string[] };

/**
 * What the cart page says after "buy again", or null. The names of what was not added come from the order itself
 * (never from the URL), and only for a signed-in account that may see that order.
 */
export async function reorderNotice(context: Context, params: URLSearchParams): Promise<ReorderNotice | null> {
  const parsed = noticeQuery.safeParse(Object.fromEntries(params));
  if (!parsed.success || !context.get(sessionContext).data.customer) return null;
  const { reorder: publicId, reorder_added: added, reorder_skipped } = parsed.data;
  if (!reorder_skipped) return { publicId, added, skipped: [] };
  const order = await ordersApi(context).order(publicId);
  if (!order) return null;
  const ids = reorder_skipped.split(",").map(Number);
  const skipped = order.lines
    .filter((line) => ids.includes(line.articleId))
    .map((line) => (line.quantity === 1 ? line.name : line.namePlural));
  return { publicId, added, skipped };
}

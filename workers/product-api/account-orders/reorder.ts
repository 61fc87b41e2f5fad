import type { ReorderResult } from "@contract/api/account-orders";
import type { Order } from "@contract/api/orders";
import type { Actor } from "../accounts/actor";
import { addLine, designPages, sellsLine, withDesignVersion } from "../carts/lines";
import { createCart, customerCart, ownCart, touch } from "../carts/queries";
import { cartView } from "../carts/view";
import { rows, sql } from "../db/query";
import type { OrderRow } from "../orders/queries";

type OrderedLine = {
  articleId: number;
  name: string;
  options: string;
  quantity: number;
  designId: string | null;
  designVersion: number | null;
};

/**
 * "Buy again": the order's lines (same article, options, design and quantity) go into the account's open cart on the
 * order's site, a new one when it has none. A line whose article or options the site no longer sells is skipped, and
 * so is a creator design that is no longer the account's.
 */
export async function reorder(
  env: ProductApiEnv,
  actor: Actor,
  order: OrderRow,
  extSessionId: string,
  locale: string,
): Promise<ReorderResult> {
  const accountId = actor.account.id;
  const cart =
    (await customerCart(env, order.site, accountId)) ??
    (await ownCart(env, await createCart(env, order.site, extSessionId, accountId), extSessionId, accountId))!;
  const lines = await rows<OrderedLine>(
    env,
    sql`SELECT article_id AS articleId, name, options, quantity, design_id AS designId, design_version AS designVersion
    FROM order_lines WHERE order_id = ${order.id} ORDER BY id`,
  );
  const visitor = { site: order.site, extSessionId, customerId: accountId };
  const added: ReorderResult["added"] = [];
  const skipped: ReorderResult["skipped"] = [];
  for (const line of lines) {
    const options = JSON.parse(line.options) as Order["lines"][number]["options"];
    const asked = {
      articleId: line.articleId,
      optionIds: options.map((option) => option.id).sort((a, b) => a - b),
      quantity: line.quantity,
      designId: line.designId,
    };
    const said = { articleId: line.articleId, name: line.name, quantity: line.quantity };
    // A creator design goes in again at the version ordered, while it is still the account's.
    const wanted = (await sellsLine(env, order.site, asked))
      ? await withDesignVersion(env, visitor, asked, line.designVersion)
      : null;
    // Its pages are counted again from the version ordered: a count the article no longer prints is skipped.
    const pages = wanted ? await designPages(env, wanted) : null;
    if (wanted && pages && !("refused" in pages)) {
      await addLine(env, cart.id, { ...wanted, innerPages: pages.innerPages });
      added.push(said);
    } else skipped.push(said);
  }
  if (added.length) await touch(env, cart.id);
  return { cart: await cartView(env, cart, locale), added, skipped };
}

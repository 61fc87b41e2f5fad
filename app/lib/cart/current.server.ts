import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import type { Cart, CartSummary } from "@contract/api/cart";
import { sessionContext } from "~/lib/request/context/keys";
import { readFirst } from "~/lib/speed/early-reads.server";
import { requestMemory } from "~/lib/speed/request-memory";
import { cartApi, type CartApi, type CartRefusal, type NewLine } from "./api.server";

type Context = Readonly<RouterContextProvider>;

/** One summary read per request: the root loader, the guards and the cart page all ask for it. */
const summaries = requestMemory<Promise<CartSummary | null>>();

/** After a change made elsewhere (the merge at login): the next summary is read afresh. */
export function cartChanged(context: Context) {
  summaries.delete(context);
}

/** The session keeps only the cart's id; a cart that is gone (paid and closed, or not this visitor's) is forgotten. */
async function orForget<T>(context: Context, read: Promise<T | "gone">): Promise<T | null> {
  const result = await read;
  if (result !== "gone") return result;
  context.get(sessionContext).update({ cartId: null });
  return null;
}

/**
 * A summary this request read already (a signed-in page's account read carries the account's open cart): when it is the
 * session's cart, cartSummary answers with it instead of asking the product API again.
 */
export function knownCartSummary(context: Context, summary: CartSummary | null) {
  const id = context.get(sessionContext).data.cartId;
  if (id && summary?.id === id && !summaries.has(context)) summaries.set(context, Promise.resolve(summary));
}

/**
 * Lines and items in the visitor's open cart, or null without one. No product-API call when the session has no cart.
 */
export function cartSummary(context: Context): Promise<CartSummary | null> {
  let summary = summaries.get(context);
  if (!summary) {
    const id = context.get(sessionContext).data.cartId;
    summary = id ? orForget(context, cartApi(context).summary(id)) : Promise.resolve(null);
    summaries.set(context, summary);
  }
  return summary;
}

/**
 * A page that shows the visitor's cart (the cart page, a checkout step) reads it in a middleware on a GET, before the
 * loaders: the header's count then comes from that cart instead of a summary call of its own (docs/decisions/0030).
 * `read` is the page's read and `cartOf` finds the cart in its answer; the loader takes the answer with `answer`.
 */
export function cartPageRead<T>(read: (context: Context) => Promise<T>, cartOf: (answer: T) => Cart | null) {
  const first = readFirst(({ context }) => read(context));
  const middleware: MiddlewareFunction<Response> = async (args, next) => {
    if (args.request.method === "GET") {
      // A failed read is the loader's to answer (the error screen) when it takes the answer.
      const cart = await first.start(args).then(cartOf, () => null);
      if (cart)
        knownCartSummary(args.context, { id: cart.id, lineCount: cart.lines.length, itemCount: cart.itemCount });
    }
    return next();
  };
  return { middleware, answer: first.answer };
}

/** The cart page's read: the visitor's open cart. */
export const cartRead = cartPageRead(
  (context) => currentCart(context),
  (cart) => cart,
);

/** The visitor's open cart, priced, or null without one. */
export async function currentCart(context: Context): Promise<Cart | null> {
  const id = context.get(sessionContext).data.cartId;
  return id ? orForget(context, cartApi(context).view(id)) : null;
}

/**
 * Adds a line; the first add (or the first after the cart was paid) starts a new cart and keeps its id in the session.
 * "refused" when the product API does not sell that article with those options; "pages" when a creator design's inner
 * pages are not what the article prints.
 */
export async function addToCart(context: Context, line: NewLine): Promise<Cart | "refused" | "pages"> {
  summaries.delete(context);
  const api = cartApi(context);
  const id = context.get(sessionContext).data.cartId;
  if (id) {
    const added = await api.add(id, line);
    if (added !== "gone") return added;
    context.get(sessionContext).update({ cartId: null });
  }
  const cart = await api.create();
  context.get(sessionContext).update({ cartId: cart.id });
  const added = await api.add(cart.id, line);
  return added === "gone" ? "refused" : added;
}

export type CartChange<T> = { ok: true; result: T } | { ok: false; problem: "cartGone" | "lineGone" | "refused" };

/**
 * Changes the visitor's open cart. Says what is gone when the cart (closed, forgotten) or the line no longer exists.
 */
export async function changeCart<T>(
  context: Context,
  change: (api: CartApi, id: string) => Promise<T | CartRefusal>,
): Promise<CartChange<T>> {
  summaries.delete(context);
  const api = cartApi(context);
  const id = context.get(sessionContext).data.cartId;
  if (!id) return { ok: false, problem: "cartGone" };
  const result = await change(api, id);
  if (result === "refused") return { ok: false, problem: "refused" };
  if (result !== "gone") return { ok: true, result };
  // The cart answers "not found" for a line too: the cart's summary tells the two apart.
  const cart = await orForget(context, api.summary(id));
  return { ok: false, problem: cart ? "lineGone" : "cartGone" };
}

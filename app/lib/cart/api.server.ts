import type { RouterContextProvider } from "react-router";
import { cartMergeResultSchema, cartSchema, cartSummarySchema, promotionResultSchema } from "@contract/api/cart";
import { API_ERROR_CODES } from "@contract/api/errors";
import { apiCalls } from "~/lib/product-api/calls.server";
import { unlessRefused } from "~/lib/product-api/product-api-error";
import { apiContext, brandContext, localeContext, sessionContext } from "~/lib/request/context/keys";

type Context = Readonly<RouterContextProvider>;

export type NewLine = { articleId: number; options: number[]; quantity: number; designId?: string };

/**
 * What the product API says of a cart call it does not carry out: the cart (or line) is gone, or the change is refused.
 */
export type CartRefusal = "gone" | "refused";

const orGone = <T>(call: Promise<T>) => unlessRefused(call, API_ERROR_CODES.notFound, "gone" as const);
/** A line's article or options that are not (or no longer) for sale are refused. */
const orRefused = <T>(call: Promise<T>) =>
  unlessRefused(orGone(call), API_ERROR_CODES.invalidRequest, "refused" as const);
/** A creator design whose inner pages its article does not print (counted by the API from the saved version). */
const orPagesRefused = <T>(call: Promise<T>) => unlessRefused(call, API_ERROR_CODES.pageCount, "pages" as const);

/**
 * The cart calls, never cached. A logged-in visitor's calls carry the customer's id: the product API then finds the
 * customer's carts from any session (docs/decisions/0009).
 */
export function cartApi(context: Context) {
  const api = context.get(apiContext);
  const site = context.get(brandContext).slug;
  const locale = context.get(localeContext);
  const owner = { customer_id: context.get(sessionContext).data.customer?.id };
  const scope = { ...owner, locale };
  const path = (id: string, rest = "") => `/carts/${encodeURIComponent(id)}${rest}`;
  return apiCalls({
    create: () => api.post("/carts", { ...scope, site }, cartSchema),
    view: (id: string) => orGone(api.get(path(id), scope, cartSchema)),
    summary: (id: string) => orGone(api.get(path(id, "/summary"), owner, cartSummarySchema)),
    add: (id: string, line: NewLine) =>
      orPagesRefused(
        orRefused(
          api.post(
            path(id, "/lines"),
            {
              ...scope,
              article_id: line.articleId,
              options: line.options.join(","),
              quantity: line.quantity,
              design_id: line.designId,
            },
            cartSchema,
          ),
        ),
      ),
    change: (id: string, line: number, quantity: number, options?: number[]) =>
      orRefused(api.post(path(id, `/lines/${line}`), { ...scope, quantity, options: options?.join(",") }, cartSchema)),
    remove: (id: string, line: number) => orGone(api.delete(path(id, `/lines/${line}`), scope, cartSchema)),
    applyPromotion: (id: string, code: string) =>
      orGone(api.post(path(id, "/promotion"), { ...scope, code }, promotionResultSchema)),
    removePromotion: (id: string) => orGone(api.delete(path(id, "/promotion"), scope, cartSchema)),
    merge: (customerId: string, guestCartId: string | null) =>
      api.post(
        "/carts/merge",
        { ...scope, site, customer_id: customerId, guest_cart_id: guestCartId ?? undefined },
        cartMergeResultSchema,
      ),
  });
}
export type CartApi = ReturnType<typeof cartApi>;

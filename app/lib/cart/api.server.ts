import type { RouterContextProvider } from "react-router";
import { apiContext, brandContext, localeContext, sessionContext } from "../context";
import { cartMergeResultSchema, cartSchema, cartSummarySchema, promotionResultSchema } from "@contract/api/cart";
import { apiErrorCode } from "../product-api/client";
import { API_ERROR_CODES } from "@contract/api/errors";

type Context = Readonly<RouterContextProvider>;

export type NewLine = { articleId: number; options: number[]; quantity: number; designId?: string };

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
  return {
    create: () => api.post("/carts", { ...scope, site }, cartSchema),
    view: (id: string) => api.get(path(id), scope, cartSchema),
    summary: (id: string) => api.get(path(id, "/summary"), owner, cartSummarySchema),
    add: (id: string, line: NewLine) =>
      api.post(path(id, "/lines"), { ...scope, article_id: line.articleId, options: line.options.join(","), quantity: line.quantity, design_id: line.designId }, cartSchema),
    change: (id: string, line: number, quantity: number, options?: number[]) =>
      api.post(path(id, `/lines/${line}`), { ...scope, quantity, options: options?.join(",") }, cartSchema),
    remove: (id: string, line: number) => api.delete(path(id, `/lines/${line}`), scope, cartSchema),
    applyPromotion: (id: string, code: string) => api.post(path(id, "/promotion"), { ...scope, code }, promotionResultSchema),
    removePromotion: (id: string) => api.delete(path(id, "/promotion"), scope, cartSchema),
    merge: (customerId: string, guestCartId: string | null) =>
      api.post("/carts/merge", { ...scope, site, customer_id: customerId, guest_cart_id: guestCartId ?? undefined }, cartMergeResultSchema),
  };
}
export type CartApi = ReturnType<typeof cartApi>;

export const isNotFound = (error: unknown) => apiErrorCode(error) === API_ERROR_CODES.notFound;
export const isRefused = (error: unknown) => apiErrorCode(error) === API_ERROR_CODES.invalidRequest;

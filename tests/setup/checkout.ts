import type { BrandSlug } from "@contract/brands/brands";
import { cartSchema } from "@contract/api/cart";
import { checkoutSchema } from "@contract/api/checkout";
import { ProductApiClient } from "~/lib/product-api/client";
import type { Customer } from "~/lib/session/data";
import { sessionCookie, testEnv } from "./app";

/** The first article of each brand's seed catalogue. */
export const FIRST_ARTICLE: Record<BrandSlug, number> = {
  "WPX-PL": 101,
  "WPX-ES": 201,
  "WPX-IT": 301,
  "WPX-DK": 401,
  "WPX-FR": 501,
  "TZ-ES": 601,
  "WPX-PT": 701,
  "WPX-CZ": 801,
};

/** The product API as one visitor (their ext_session_id) sees it, through the real api-proxy; nothing cached. */
export function productApiAs(brand: BrandSlug, extSessionId: string, locale = "en") {
  return new ProductApiClient({
    transport: (request) => testEnv.API.fetch(request),
    brand,
    locale,
    extSessionId,
    cacheable: false,
    clientCallsEnabled: false,
  });
}

/**
 * A visitor's session with a real cart in the product API (made with the session's ext_session_id, as the app does),
 * and the product API as that visitor sees it.
 */
export async function shopperWithCart(
  brand: BrandSlug,
  { customer = null, quantity = 1 }: { customer?: Customer | null; quantity?: number } = {},
) {
  const extSessionId = crypto.randomUUID();
  const api = productApiAs(brand, extSessionId);
  const cart = await api.post("/carts", { site: brand, locale: "en" }, cartSchema);
  if (quantity > 0)
    await api.post(`/carts/${cart.id}/lines`, { locale: "en", article_id: FIRST_ARTICLE[brand], quantity }, cartSchema);
  const { cookie } = await sessionCookie({ fotiApiClient: { extSessionId }, cartId: cart.id, customer });
  return {
    cookie,
    cartId: cart.id,
    checkout: () => api.get(`/checkouts/${cart.id}`, { locale: "en" }, checkoutSchema),
    save: (step: string, fields: Record<string, string>) =>
      api.post(`/checkouts/${cart.id}/${step}`, { ...fields, locale: "en" }, checkoutSchema),
  };
}

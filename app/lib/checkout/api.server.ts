import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { apiContext, brandContext, localeContext, sessionContext } from "../context";
import { cartSchema } from "@contract/api/cart";
import { checkoutRejectionSchema, checkoutStateSchema, pickupPointListSchema, pickupPointSchema } from "@contract/api/checkout";
import { apiErrorCode, failedCallBody } from "../product-api/client";
import { API_ERROR_CODES } from "@contract/api/errors";
import type { FieldErrors } from "@contract/checkout/step-rules";

type Context = Readonly<RouterContextProvider>;
export type CheckoutStep = "contact" | "address" | "shipment" | "payment";

const isNotFound = (thrown: unknown) => apiErrorCode(thrown) === API_ERROR_CODES.notFound;

/** The checkout's calls to the product API; nothing here is cached (it is the visitor's own data). */
export function checkoutApi(context: Context) {
  const api = context.get(apiContext);
  const locale = context.get(localeContext);
  const country = context.get(brandContext).country;
  // A logged-in visitor's cart belongs to the customer (docs/decisions/0009): the calls say who that is.
  const owner = { customer_id: context.get(sessionContext).data.customer?.id };
  return {
    /** The cart and its checkout, or null when the session does not own such a cart (any more). */
    async load(cartId: string) {
      try {
        const [cart, state] = await Promise.all([
          api.get(`/carts/${encodeURIComponent(cartId)}`, { ...owner, locale }, cartSchema),
          api.get(`/checkouts/${encodeURIComponent(cartId)}`, owner, checkoutStateSchema),
        ]);
        return { cart, state };
      } catch (thrown) {
        if (isNotFound(thrown)) return null;
        throw thrown;
      }
    },
    /** Saves a step; the API's refusal comes back as field errors (translation keys). */
    async save(cartId: string, step: CheckoutStep, fields: Record<string, string | null | undefined>): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors }> {
      try {
        await api.post(`/checkouts/${encodeURIComponent(cartId)}/${step}`, { ...fields, ...owner }, checkoutStateSchema);
        return { ok: true };
      } catch (thrown) {
        const rejection = checkoutRejectionSchema.safeParse(failedCallBody(thrown));
        if (rejection.success) return { ok: false, fieldErrors: rejection.data.fieldErrors };
        throw thrown;
      }
    },
    pickupPoints: (query: { postcode: string; kind: "CARRIER" | "PARTNER"; carrier: string }) =>
      api.get("/pickup-points", { country, ...query }, pickupPointListSchema),
    /** A pickup point with its country, or null when there is none with this id. */
    async pickupPoint(id: string) {
      try {
        return await api.get(`/pickup-points/${encodeURIComponent(id)}`, {}, pickupPointSchema.extend({ country: z.string() }));
      } catch (thrown) {
        if (isNotFound(thrown)) return null;
        throw thrown;
      }
    },
  };
}
export type CheckoutApi = ReturnType<typeof checkoutApi>;

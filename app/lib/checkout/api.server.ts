import type { RouterContextProvider } from "react-router";
import {
  checkoutSchema,
  pickupPointDetailSchema,
  pickupPointListSchema,
  type CheckoutStep,
} from "@contract/api/checkout";
import { API_ERROR_CODES } from "@contract/api/errors";
import type { FieldErrors } from "@contract/api/field-errors";
import { apiCalls } from "~/lib/product-api/calls.server";
import { fieldErrorsOfRefusal, unlessRefused } from "~/lib/product-api/product-api-error";
import { apiContext, brandContext, localeContext, sessionContext } from "~/lib/request/context/keys";

type Context = Readonly<RouterContextProvider>;

const orNull = <T>(call: Promise<T>) => unlessRefused(call, API_ERROR_CODES.notFound, null);

/** The checkout's calls to the product API; nothing here is cached (it is the visitor's own data). */
export function checkoutApi(context: Context) {
  const api = context.get(apiContext);
  const country = context.get(brandContext).country;
  // A logged-in visitor's cart belongs to the customer (docs/decisions/0009): the calls say who that is.
  const owner = { customer_id: context.get(sessionContext).data.customer?.id, locale: context.get(localeContext) };
  const path = (cartId: string, rest = "") => `/checkouts/${encodeURIComponent(cartId)}${rest}`;
  return apiCalls({
    /**
     * The cart being checked out, its saved steps, delivery options and totals; null when the session does not own such
     * a cart (any more).
     */
    load: (cartId: string) => orNull(api.get(path(cartId), owner, checkoutSchema)),
    /** Saves a step; the API's refusal comes back as field errors (translation keys). */
    async save(
      cartId: string,
      step: CheckoutStep,
      fields: Record<string, string | null | undefined>,
    ): Promise<{ ok: true } | { ok: false; fieldErrors: FieldErrors }> {
      try {
        await api.post(path(cartId, `/${step}`), { ...fields, ...owner }, checkoutSchema);
        return { ok: true };
      } catch (thrown) {
        const fieldErrors = fieldErrorsOfRefusal(thrown);
        if (fieldErrors) return { ok: false, fieldErrors };
        throw thrown;
      }
    },
    pickupPoints: (query: { postcode: string; kind: "CARRIER" | "PARTNER"; carrier: string }) =>
      api.get("/pickup-points", { country, ...query }, pickupPointListSchema),
    /** A pickup point with its country, or null when there is none with this id. */
    pickupPoint: (id: string) =>
      orNull(api.get(`/pickup-points/${encodeURIComponent(id)}`, {}, pickupPointDetailSchema)),
  });
}
export type CheckoutApi = ReturnType<typeof checkoutApi>;

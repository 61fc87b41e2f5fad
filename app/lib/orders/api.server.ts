import type { RouterContextProvider } from "react-router";
import type { OrderAttribution } from "@contract/api/attribution";
import { API_ERROR_CODES, incompleteStepOf, type CheckoutStepNumber } from "@contract/api/errors";
import {
  orderAttachSchema,
  orderSchema,
  paymentEventResultSchema,
  paymentSchema,
  type Order,
  type PaymentEventType,
} from "@contract/api/orders";
import { apiCalls } from "~/lib/product-api/calls.server";
import { ProductApiError, unlessRefused } from "~/lib/product-api/product-api-error";
import { apiContext, brandContext, localeContext, sessionContext } from "~/lib/request/context/keys";

type Context = Readonly<RouterContextProvider>;

/** Why the product API placed no order: a checkout step to do again, or a cart that is empty or gone. */
export type OrderRefusal = { step: CheckoutStepNumber } | "emptyCart" | "cartGone";

function orderRefusalOf(thrown: unknown): OrderRefusal | null {
  if (!(thrown instanceof ProductApiError)) return null;
  const step = incompleteStepOf(thrown.code);
  if (step) return { step };
  if (thrown.code === API_ERROR_CODES.emptyCart) return "emptyCart";
  if (thrown.code === API_ERROR_CODES.notFound) return "cartGone";
  return null;
}

/** The order and payment calls of the product API; nothing here is ever cached. */
export function ordersApi(context: Context) {
  const api = context.get(apiContext);
  const session = context.get(sessionContext).data;
  const customerId = session.customer?.id;
  return apiCalls({
    /** Places the order of the cart, recording how its buyer came (`attribution`, within their consent) with it. */
    async placeOrder(
      cartId: string,
      siteUrl: string,
      attribution: OrderAttribution,
    ): Promise<{ ok: true; order: Order } | { ok: false; refusal: OrderRefusal }> {
      const params = {
        cart_id: cartId,
        locale: context.get(localeContext),
        customer_id: customerId,
        site_url: siteUrl,
        attribution: JSON.stringify(attribution),
      };
      try {
        return { ok: true, order: await api.post("/orders", params, orderSchema) };
      } catch (thrown) {
        const refusal = orderRefusalOf(thrown);
        if (refusal) return { ok: false, refusal };
        throw thrown;
      }
    },
    /** This visitor's order (their product-API session, their customer account or its group's orders), or null. */
    order: (publicId: string): Promise<Order | null> =>
      api.find(
        `/orders/${encodeURIComponent(publicId)}`,
        { customer_id: customerId, account_id: customerId, site: context.get(brandContext).slug },
        orderSchema,
      ),
    /** A payment attempt for the order, or "alreadyPaid" when it was paid (in another tab) meanwhile. */
    startPayment: (order: Order, provider: string) =>
      unlessRefused(
        api.post("/payments", { order: order.publicId, method: order.paymentMethod, provider }, paymentSchema),
        API_ERROR_CODES.paymentRefused,
        "alreadyPaid" as const,
      ),
    payment: (id: string) => api.find(`/payments/${encodeURIComponent(id)}`, {}, paymentSchema),
    /** Records the provider's id of the attempt; the attempt as stored comes back, with the reference that was kept. */
    recordPaymentReference: (id: string, reference: string) =>
      api.post(`/payments/${encodeURIComponent(id)}/reference`, { reference }, paymentSchema),
    /** The provider's event, handed on; null when the payment is unknown. */
    paymentEvent: (paymentId: string, eventId: string, type: PaymentEventType, siteUrl: string) =>
      unlessRefused(
        api.post(
          `/payments/${encodeURIComponent(paymentId)}/events`,
          { event_id: eventId, type, site_url: siteUrl },
          paymentEventResultSchema,
        ),
        API_ERROR_CODES.notFound,
        null,
      ),
    /** This browser's guest orders, to the account's e-mail, join the account; the ones that did. */
    attach: (accountId: string, publicIds: readonly string[]) =>
      api.post(
        "/orders/attach",
        { site: context.get(brandContext).slug, account_id: accountId, order_ids: publicIds.join(",") },
        orderAttachSchema,
      ),
  });
}

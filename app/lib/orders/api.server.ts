import type { RouterContextProvider } from "react-router";
import { apiContext, localeContext, sessionContext } from "../context";
import { orderSchema, paymentSchema, type Order, type Payment } from "@contract/api/orders";
import { paymentEventResultSchema, type PaymentEventType } from "@contract/api/orders";

type Context = Readonly<RouterContextProvider>;

/** The order and payment calls of the product API; nothing here is ever cached. */
export function ordersApi(context: Context) {
  const api = context.get(apiContext);
  const session = context.get(sessionContext).data;
  const customerId = session.customer?.id;
  return {
    placeOrder: (cartId: string, siteUrl: string) =>
      api.post("/orders", { cart_id: cartId, locale: context.get(localeContext), customer_id: customerId, site_url: siteUrl }, orderSchema),
    /** This visitor's order (their product-API session or their customer account), or null. */
    order: (publicId: string): Promise<Order | null> => api.find(`/orders/${encodeURIComponent(publicId)}`, { customer_id: customerId }, orderSchema),
    startPayment: (order: Order, provider: string) =>
      api.post("/payments", { order: order.publicId, method: order.paymentMethod, provider }, paymentSchema),
    payment: (id: string): Promise<Payment | null> => api.find(`/payments/${encodeURIComponent(id)}`, {}, paymentSchema),
    paymentEvent: (paymentId: string, eventId: string, type: PaymentEventType, siteUrl: string) =>
      api.post(`/payments/${encodeURIComponent(paymentId)}/events`, { event_id: eventId, type, site_url: siteUrl }, paymentEventResultSchema),
  };
}

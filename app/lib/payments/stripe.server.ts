import type { z } from "zod";
import type { Payment, PaymentEventType } from "@contract/api/orders";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import {
  checkoutSessionSchema,
  STRIPE_METHODS,
  stripeEventAnswerSchema,
  type CheckoutSession,
  type CheckoutSessionRequest,
} from "@contract/payments/stripe";
import type { PaymentEvent, PaymentProvider, StartOptions, WebhookVerification } from "./provider";

/**
 * How long the hosted page stays payable: long enough for a bank's app, short enough that an old tab cannot pay a
 * replaced order.
 */
const SESSION_MINUTES = 60;
const PAYMENTS_ORIGIN = "https://payments.internal";

/** What each of Stripe's Checkout Session events means for the attempt it pays; others are not about payments. */
const SESSION_EVENTS = new Map<string, (session: CheckoutSession) => PaymentEventType | null>(
  Object.entries({
    // Cards and wallets are paid when the session completes; a delayed method (a voucher) is paid later, or not.
    "checkout.session.completed": (session) => (session.paymentStatus === "paid" ? "payment.succeeded" : null),
    "checkout.session.async_payment_succeeded": () => "payment.succeeded",
    "checkout.session.async_payment_failed": () => "payment.failed",
    // Expired unpaid: the shopper gave up (the store expires it when they come back), or the time ran out.
    "checkout.session.expired": () => "payment.canceled",
  }),
);

/**
 * Stripe Checkout, through the payments worker (workers/payments: Stripe's official SDK, its signature check): a
 * Checkout Session per attempt, its id recorded on the attempt; webhooks checked there and read here.
 */
export function stripeProvider(payments: () => Fetcher): PaymentProvider {
  /**
   * One call to the payments worker, its answer checked. Besides 2xx, `accepted` statuses are answers too: 409 for an
   * expiry refused because the session is complete or expired already (it comes back as it is), 400 for a refused
   * webhook.
   */
  async function call<S extends z.ZodType>(
    path: string,
    schema: S,
    requestId: string,
    init: RequestInit = {},
    accepted: number[] = [409],
  ): Promise<z.output<S>> {
    const headers = new Headers(init.headers);
    headers.set(REQUEST_ID_HEADER, requestId);
    const response = await payments().fetch(new Request(new URL(path, PAYMENTS_ORIGIN), { ...init, headers }));
    if (!response.ok && !accepted.includes(response.status))
      throw new Error(
        `The payments worker answered ${response.status} to ${path}: ${(await response.text()).slice(0, 300)}`,
      );
    return schema.parse(await response.json());
  }
  const session = (id: string, requestId: string) =>
    call(`/stripe/checkout-sessions/${encodeURIComponent(id)}`, checkoutSessionSchema, requestId);
  const expire = (id: string, requestId: string) =>
    call(`/stripe/checkout-sessions/${encodeURIComponent(id)}/expire`, checkoutSessionSchema, requestId, {
      method: "POST",
    });

  async function startPayment(payment: Payment, options: StartOptions): Promise<URL> {
    const back = `${options.origin}${options.localize("/checkout/payment-return")}?payment=${encodeURIComponent(payment.id)}`;
    if (payment.providerReference) {
      const existing = await session(payment.providerReference, options.requestId);
      // Paid or expired but not yet told by its webhook: the return page waits for the verdict.
      return existing.status === "open" && existing.url ? new URL(existing.url) : new URL(back);
    }
    const request: CheckoutSessionRequest = {
      paymentId: payment.id,
      orderPublicId: payment.orderPublicId,
      site: payment.site,
      siteUrl: options.origin,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method,
      description: options.description,
      locale: options.locale,
      successUrl: back,
      cancelUrl: `${back}&canceled=1`,
      expiresAt: Math.floor(Date.now() / 1000) + SESSION_MINUTES * 60,
    };
    // Two tabs starting the attempt at once may each make a session: the first recorded is kept, the other expired.
    const created = await call("/stripe/checkout-sessions", checkoutSessionSchema, options.requestId, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    const stored = await options.recordReference(created.id);
    if (stored.providerReference !== created.id) {
      await expire(created.id, options.requestId).catch(() => undefined);
      return startPayment(stored, options);
    }
    if (!created.url) throw new Error(`Stripe made session ${created.id} without a URL`);
    return new URL(created.url);
  }

  return {
    name: "stripe",
    takes: (method) => STRIPE_METHODS[method] !== null,
    startPayment,

    async verifyWebhook(request, requestId): Promise<WebhookVerification> {
      const signature = request.headers.get("stripe-signature");
      const headers: Record<string, string> = {
        "content-type": request.headers.get("content-type") ?? "application/json",
      };
      if (signature) headers["stripe-signature"] = signature;
      const answer = await call(
        "/stripe/events",
        stripeEventAnswerSchema,
        requestId,
        { method: "POST", headers, body: await request.text() },
        [400],
      );
      if ("error" in answer) return { ok: false, reason: answer.error.refused };
      const { event } = answer;
      const outcome = SESSION_EVENTS.get(event.type);
      const type = outcome && event.session ? outcome(event.session) : null;
      if (!type || !event.session?.paymentId) return { ok: true, event: null };
      return {
        ok: true,
        event: { id: event.id, type, paymentId: event.session.paymentId, siteUrl: event.session.siteUrl ?? undefined },
      };
    },

    async settle(payment, { giveUp, siteUrl, requestId }): Promise<PaymentEvent | null> {
      if (!payment.providerReference) return null;
      let current = await session(payment.providerReference, requestId);
      if (current.status === "open" && giveUp) current = await expire(current.id, requestId);
      const type: PaymentEventType | null =
        current.status === "complete" && current.paymentStatus === "paid"
          ? "payment.succeeded"
          : current.status === "expired"
            ? "payment.canceled"
            : null;
      // Named after the session and its outcome: a second return replays it, the webhook's own event then changes
      // nothing.
      return type ? { id: `${current.id}:${type}`, type, paymentId: payment.id, siteUrl } : null;
    },
  };
}

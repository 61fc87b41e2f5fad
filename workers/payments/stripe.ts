import Stripe from "stripe";
import {
  PAYMENT_ID_PATTERN,
  STRIPE_METHODS,
  type CheckoutSession,
  type CheckoutSessionRequest,
  type StripeEventAnswer,
  type StripeWebhookRefusal,
} from "@contract/payments/stripe";
import type { PaymentSettings } from "./settings";

/** Stripe's own tolerance: an event signed longer ago than this is refused as a replay. */
export const STRIPE_TOLERANCE_SECONDS = 300;

type StripeSession = Stripe.Checkout.Session;

/** A Checkout Session as the store reads it; its attempt only when it names one of the store's. */
export function sessionView(session: StripeSession): CheckoutSession {
  const paymentId = session.metadata?.payment_id ?? session.client_reference_id ?? null;
  const siteUrl = session.metadata?.site_url;
  return {
    id: session.id,
    status: session.status as CheckoutSession["status"],
    paymentStatus: session.payment_status as CheckoutSession["paymentStatus"],
    url: session.url,
    paymentId: paymentId && PAYMENT_ID_PATTERN.test(paymentId) ? paymentId : null,
    siteUrl: siteUrl && URL.canParse(siteUrl) ? new URL(siteUrl).origin : null,
  };
}

function refusalOf(error: unknown) {
  if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) return "malformed-body" as const;
  if (error.message.startsWith("Timestamp outside the tolerance zone")) return "stale-timestamp" as const;
  if (error.message.startsWith("No signatures found matching")) return "bad-signature" as const;
  return "malformed-signature" as const;
}

/** Stripe, through its official SDK on its fetch client (the SDK's Workers build). */
export function stripeClient(settings: PaymentSettings) {
  const { apiUrl } = settings;
  const stripe = new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(apiUrl
      ? {
          host: apiUrl.hostname,
          port: apiUrl.port || (apiUrl.protocol === "https:" ? "443" : "80"),
          protocol: apiUrl.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  return {
    /** A Checkout Session (Stripe's hosted page) paying one attempt with the method the shopper chose. */
    async createSession(request: CheckoutSessionRequest) {
      const type = STRIPE_METHODS[request.method];
      if (!type) return null;
      const metadata = {
        payment_id: request.paymentId,
        order: request.orderPublicId,
        site: request.site,
        site_url: request.siteUrl,
      };
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        ui_mode: "hosted_page",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amount,
              product_data: { name: request.description },
            },
          },
        ],
        allowed_payment_method_types: [type as Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType],
        client_reference_id: request.paymentId,
        metadata,
        payment_intent_data: { description: request.description, metadata },
        locale: request.locale,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: request.expiresAt,
      });
      return sessionView(session);
    },
    session: async (id: string) => sessionView(await stripe.checkout.sessions.retrieve(id)),
    /** Closes an open session; Stripe refuses one that is complete or expired already (StripeInvalidRequestError). */
    expire: async (id: string) => sessionView(await stripe.checkout.sessions.expire(id)),
    /** The webhook checked by the SDK's own signature check (`Stripe-Signature`, HMAC-SHA256, 5 minutes' tolerance). */
    async event(
      body: string,
      signature: string | null,
    ): Promise<Extract<StripeEventAnswer, { event: unknown }> | { refused: StripeWebhookRefusal }> {
      if (!signature) return { refused: "missing-signature" };
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          body,
          signature,
          settings.webhookSecret,
          STRIPE_TOLERANCE_SECONDS,
          cryptoProvider,
        );
      } catch (error) {
        return { refused: refusalOf(error) };
      }
      const object = event.data?.object as { object?: string } | undefined;
      const session = object?.object === "checkout.session" ? sessionView(object as StripeSession) : null;
      return { event: { id: event.id, type: event.type, session } };
    },
  };
}

export const isStripeRefusal = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError;

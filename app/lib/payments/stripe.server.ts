import Stripe from "stripe";
import { z } from "zod";
import type { Payment, PaymentEventType } from "@contract/api/orders";
import type { PaymentMethod } from "@contract/brands/brands";
import type { Locale } from "@contract/locales/locales";
import type { PaymentEvent, PaymentProvider, StartOptions, WebhookRefusal, WebhookVerification } from "./provider";

/**
 * Each payment method as a Stripe Checkout payment method type; null where Stripe has none (docs/decisions/0032 has
 * the brand × method table). Apple Pay and Google Pay are wallets of the card type: Checkout offers them where the
 * shopper's device has them. Bank transfers and bank receipts are paid offline and never reach a provider.
 */
export const STRIPE_METHODS: Record<PaymentMethod, string | null> = {
  CARD: "card",
  APPLE_PAY: "card",
  GOOGLE_PAY: "card",
  BANCONTACT: "bancontact",
  IDEAL: "ideal",
  PAYPAL: "paypal",
  MOBILE_PAY: "mobilepay",
  BIZUM: "bizum",
  MULTIBANCO: "multibanco",
  BLIK: "blik",
  EPS: "eps",
  SWISH: "swish",
  TWINT: "twint",
  KLARNA: "klarna",
  MB_WAY: "mb_way",
  // Withdrawn by Stripe (giropay in 2024, Sofort folded into Klarna); Trustly is not a Stripe method.
  GIROPAY: null,
  SOFORT: null,
  TRUSTLY: null,
  BANK_TRANSFER: null,
  BILLING_ACCOUNT: null,
};

const STRIPE_LOCALES: Record<Locale, Stripe.Checkout.SessionCreateParams.Locale> = {
  pl: "pl", es: "es", it: "it", da: "da", fr: "fr", pt: "pt", cs: "cs", en: "en",
};

/** Stripe's own tolerance: an event signed longer ago than this is refused as a replay. */
export const STRIPE_TOLERANCE_SECONDS = 300;
export const STRIPE_SIGNATURE_HEADER = "stripe-signature";
/** How long the hosted page stays payable: long enough for a bank's app, short enough that an old tab cannot pay a replaced order. */
const SESSION_MINUTES = 60;
const PAYMENT_ID = /^pay_[0-9a-f]{32}$/;

/** The fields of a Checkout Session the store reads: checked, never trusted by shape. */
const sessionSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal("checkout.session"),
  status: z.enum(["open", "complete", "expired"]).nullable(),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  url: z.url().nullable(),
  client_reference_id: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
});
type Session = z.infer<typeof sessionSchema>;

const eventSchema = z.object({ id: z.string().min(1).max(255), type: z.string(), data: z.object({ object: z.unknown() }) });

const SESSION_EVENTS: Record<string, (session: Session) => PaymentEventType | null> = {
  // Cards and wallets are paid when the session completes; a delayed method (a voucher) is paid later, or not.
  "checkout.session.completed": (session) => (session.payment_status === "paid" ? "payment.succeeded" : null),
  "checkout.session.async_payment_succeeded": () => "payment.succeeded",
  "checkout.session.async_payment_failed": () => "payment.failed",
  // Expired unpaid: the shopper gave up (the store expires it when they come back), or the time ran out.
  "checkout.session.expired": () => "payment.canceled",
};

function refusalOf(error: unknown): WebhookRefusal {
  if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) return "malformed-body";
  if (error.message.startsWith("Timestamp outside the tolerance zone")) return "stale-timestamp";
  if (error.message.startsWith("No signatures found matching")) return "bad-signature";
  return "malformed-signature";
}

/** The attempt a session belongs to, when it is one of the store's (other integrations may share the Stripe account). */
function attemptOf(session: Session) {
  const paymentId = session.metadata?.payment_id ?? session.client_reference_id ?? "";
  if (!PAYMENT_ID.test(paymentId)) return null;
  const site = session.metadata?.site_url;
  return { paymentId, siteUrl: site && URL.canParse(site) ? new URL(site).origin : undefined };
}

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Only for the local stand-in (tests, development): Stripe's API at another address. */
  apiUrl: URL | null;
};

/**
 * Stripe, through its official SDK on its fetch client: a Checkout Session (Stripe's hosted page) per attempt, its
 * webhooks checked by the SDK's own signature check (`Stripe-Signature`, HMAC-SHA256, 5 minutes' tolerance).
 */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(settings.apiUrl
      ? { host: settings.apiUrl.hostname, port: settings.apiUrl.port || (settings.apiUrl.protocol === "https:" ? "443" : "80"), protocol: settings.apiUrl.protocol === "https:" ? ("https" as const) : ("http" as const) }
      : {}),
  });
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  async function session(id: string) {
    return sessionSchema.parse(await stripe.checkout.sessions.retrieve(id));
  }

  async function startPayment(payment: Payment, options: StartOptions): Promise<URL> {
    const { origin, localize, locale, description, recordReference } = options;
    const back = `${origin}${localize("/checkout/payment-return")}?payment=${encodeURIComponent(payment.id)}`;
    const waiting = new URL(back);
    if (payment.providerReference) {
      const existing = await session(payment.providerReference);
      // Paid or expired but not yet told by its webhook: the return page waits for the verdict.
      return existing.status === "open" && existing.url ? new URL(existing.url) : waiting;
    }
    const type = STRIPE_METHODS[payment.method];
    if (!type) throw new Error(`Stripe does not take ${payment.method}`);
    const metadata = { payment_id: payment.id, order: payment.orderPublicId, site: payment.site, site_url: origin };
    // Two tabs starting the attempt at once may each make a session: the first recorded is kept, the other expired.
    const created = sessionSchema.parse(
      await stripe.checkout.sessions.create({
        mode: "payment",
        ui_mode: "hosted_page",
        line_items: [{ quantity: 1, price_data: { currency: payment.currency.toLowerCase(), unit_amount: payment.amount, product_data: { name: description } } }],
        allowed_payment_method_types: [type as Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType],
        client_reference_id: payment.id,
        metadata,
        payment_intent_data: { description, metadata },
        locale: STRIPE_LOCALES[locale],
        success_url: back,
        cancel_url: `${back}&canceled=1`,
        expires_at: Math.floor(Date.now() / 1000) + SESSION_MINUTES * 60,
      }),
    );
    const stored = await recordReference(created.id);
    if (stored.providerReference !== created.id) {
      // Another tab recorded its session for this attempt first: that one stays, this one is closed.
      await stripe.checkout.sessions.expire(created.id).catch(() => undefined);
      return startPayment(stored, options);
    }
    if (!created.url) throw new Error(`Stripe made session ${created.id} without a URL`);
    return new URL(created.url);
  }

  return {
    name: "stripe",
    takes: (method) => STRIPE_METHODS[method] !== null,
    startPayment,

    async verifyWebhook(request): Promise<WebhookVerification> {
      const signature = request.headers.get(STRIPE_SIGNATURE_HEADER);
      if (!signature) return { ok: false, reason: "missing-signature" };
      const body = await request.text();
      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(await stripe.webhooks.constructEventAsync(body, signature, settings.webhookSecret, STRIPE_TOLERANCE_SECONDS, cryptoProvider));
      } catch (error) {
        return { ok: false, reason: refusalOf(error) };
      }
      const outcome = SESSION_EVENTS[event.type];
      const parsed = sessionSchema.safeParse(event.data.object);
      if (!outcome || !parsed.success) return { ok: true, event: null };
      const type = outcome(parsed.data);
      const attempt = attemptOf(parsed.data);
      if (!type || !attempt) return { ok: true, event: null };
      return { ok: true, event: { id: event.id, type, ...attempt } };
    },

    async settle(payment, { giveUp, siteUrl }): Promise<PaymentEvent | null> {
      if (!payment.providerReference) return null;
      let current = await session(payment.providerReference);
      if (current.status === "open" && giveUp) {
        try {
          current = sessionSchema.parse(await stripe.checkout.sessions.expire(current.id));
        } catch (error) {
          // Completed meanwhile (Stripe expires only open sessions): its outcome is read below.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
          current = await session(current.id);
        }
      }
      const type: PaymentEventType | null =
        current.status === "complete" && current.payment_status === "paid" ? "payment.succeeded" : current.status === "expired" ? "payment.canceled" : null;
      // Named after the session and its outcome: a second return replays it, the webhook's own event then changes nothing.
      return type ? { id: `${current.id}:${type}`, type, paymentId: payment.id, siteUrl } : null;
    },
  };
}

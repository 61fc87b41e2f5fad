import { z } from "zod";
import { PAYMENT_METHODS, type PaymentMethod } from "../brands/brands";
import { LOCALES } from "../locales/locales";
import { errorBodySchemaOf } from "../http/errors";

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

/** The store's payment attempt ids (the product API's `pay_` and 32 hex digits). */
export const PAYMENT_ID_PATTERN = /^pay_[0-9a-f]{32}$/;
const sessionId = z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/);

/** What the storefront asks the payments worker for: a Stripe Checkout Session paying one attempt. */
export const checkoutSessionRequestSchema = z.strictObject({
  paymentId: z.string().regex(PAYMENT_ID_PATTERN),
  orderPublicId: z.string().min(1).max(64),
  site: z.string().min(1).max(16),
  /** The storefront origin the shopper pays on: its e-mails link there. */
  siteUrl: z.url({ protocol: /^https?$/ }),
  amount: z.number().int().positive().max(100_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  method: z.enum(PAYMENT_METHODS),
  description: z.string().min(1).max(200),
  locale: z.enum(LOCALES),
  successUrl: z.url({ protocol: /^https?$/ }),
  cancelUrl: z.url({ protocol: /^https?$/ }),
  /** Unix seconds; Stripe takes 30 minutes to 24 hours from now. */
  expiresAt: z.number().int().positive(),
});
export type CheckoutSessionRequest = z.infer<typeof checkoutSessionRequestSchema>;

/** A Checkout Session as the store reads it: its state and whose attempt it is. */
export const checkoutSessionSchema = z.object({
  id: sessionId,
  status: z.enum(["open", "complete", "expired"]).nullable(),
  paymentStatus: z.enum(["paid", "unpaid", "no_payment_required"]),
  url: z.url().nullable(),
  /** The store's attempt it pays (null: a session of another integration on the same Stripe account). */
  paymentId: z.string().regex(PAYMENT_ID_PATTERN).nullable(),
  siteUrl: z.url().nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

const STRIPE_WEBHOOK_REFUSALS = [
  "missing-signature",
  "malformed-signature",
  "stale-timestamp",
  "bad-signature",
  "malformed-body",
] as const;
export type StripeWebhookRefusal = (typeof STRIPE_WEBHOOK_REFUSALS)[number];

/**
 * A webhook the payments worker checked with Stripe's SDK: the event and its session, or (400, in the one error shape)
 * why it was refused: `badBody` or `badSignature`, the reason in `refused`.
 */
const stripeEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  session: checkoutSessionSchema.nullable(),
});
export const stripeEventAnswerSchema = z.union([
  z.object({ event: stripeEventSchema }),
  errorBodySchemaOf(z.enum(["badBody", "badSignature"]), { refused: z.enum(STRIPE_WEBHOOK_REFUSALS) }),
]);
export type StripeEventAnswer = z.infer<typeof stripeEventAnswerSchema>;

import type { Payment } from "@contract/api/orders";
import type { PaymentEventType } from "@contract/api/orders";

/** A provider's event about one payment attempt, once its signature has been checked. */
export type PaymentEvent = { id: string; type: PaymentEventType; paymentId: string };

export type WebhookRefusal = "missing-signature" | "malformed-signature" | "stale-timestamp" | "bad-signature" | "malformed-body";
export type WebhookVerification = { ok: true; event: PaymentEvent } | { ok: false; reason: WebhookRefusal };

/**
 * What the storefront needs from a payment provider: where to send the shopper to pay an attempt, and whether a
 * webhook request really comes from the provider. Real providers plug in behind the same interface.
 */
export interface PaymentProvider {
  readonly name: string;
  /** The provider's hosted page for this attempt; `origin` is the storefront's, for return links. */
  startPayment(payment: Payment, options: { origin: string; localize: (path: string) => string }): Promise<URL>;
  verifyWebhook(request: Request): Promise<WebhookVerification>;
}

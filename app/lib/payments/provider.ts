import type { Payment, PaymentEventType } from "@contract/api/orders";
import type { PaymentMethod } from "@contract/brands/brands";
import type { Locale } from "@contract/locales/locales";

/**
 * A provider's word about one payment attempt, once its signature (or the provider's own API) vouched for it.
 * `siteUrl` is the storefront origin the shopper paid on, when the provider carries it (its e-mails link there).
 */
export type PaymentEvent = { id: string; type: PaymentEventType; paymentId: string; siteUrl?: string };

export type WebhookRefusal =
  | "missing-signature"
  | "malformed-signature"
  | "stale-timestamp"
  | "bad-signature"
  | "malformed-body";
/** `event: null`: a genuine webhook about something that is not one of the store's attempts (acknowledged, ignored). */
export type WebhookVerification = { ok: true; event: PaymentEvent | null } | { ok: false; reason: WebhookRefusal };

export type StartOptions = {
  /** The storefront's origin, for return links. */
  origin: string;
  localize: (path: string) => string;
  locale: Locale;
  /** What the shopper sees they pay for on the provider's page: the shop's name and the order's number. */
  description: string;
  /** Records the provider's id of the attempt; the attempt comes back as stored (the first id recorded wins). */
  recordReference: (reference: string) => Promise<Payment>;
  /** The request's id, passed on to the worker that talks to the provider (docs/decisions/0033). */
  requestId: string;
};

/**
 * What the storefront needs from a payment provider: where to send the shopper to pay an attempt, and whether a
 * webhook request really comes from the provider. Real providers plug in behind the same interface.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Whether it takes this method online; every online method of every brand must be taken (checked at start-up). */
  takes(method: PaymentMethod): boolean;
  /** The provider's hosted page for this attempt. */
  startPayment(payment: Payment, options: StartOptions): Promise<URL>;
  verifyWebhook(request: Request, requestId: string): Promise<WebhookVerification>;
  /**
   * Asks the provider's own API what became of an attempt the shopper came back from (before its webhook, or
   * instead of a lost one); with `giveUp`, the shopper left the provider's page, so an open attempt is closed there.
   * Absent for a provider whose outcome only its webhook tells.
   */
  settle?(
    payment: Payment,
    options: { giveUp: boolean; siteUrl: string; requestId: string },
  ): Promise<PaymentEvent | null>;
}

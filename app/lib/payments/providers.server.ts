import type { PaymentProvider } from "./provider";
import { sandboxProvider } from "./sandbox.server";

/** The configured payment provider; an unknown name or a missing webhook secret stops the worker at start-up. */
export function createPaymentProvider(name: string | undefined, webhookSecret: string | undefined): PaymentProvider {
  if (name !== "sandbox") throw new Error(`Payment provider "${name ?? ""}" is invalid: PAYMENT_PROVIDER must be "sandbox"`);
  if (!webhookSecret || webhookSecret.length < 32) throw new Error("PAYMENT_WEBHOOK_SECRET is missing or shorter than 32 characters");
  return sandboxProvider(webhookSecret);
}

import { BRANDS } from "@contract/brands/brands";
import { paymentTypeOf } from "@contract/brands/payment-kinds";
import type { PaymentProvider } from "./provider";
import { sandboxProvider } from "./sandbox.server";
import { stripeProvider } from "./stripe.server";

export type PaymentSettings = {
  provider: string | undefined;
  /** The sandbox's own signing secret (a real provider's lives with the payments worker). */
  webhookSecret: string | undefined;
  /** The payments worker (workers/payments), which holds Stripe's keys; read when first used. */
  payments: () => Fetcher | undefined;
  /** local, staging or production: the sandbox takes no money, so it never runs where shoppers are. */
  environment: string;
};

function configuredProvider(settings: PaymentSettings): PaymentProvider {
  const { provider, webhookSecret } = settings;
  if (provider === "sandbox") {
    if (settings.environment !== "local")
      throw new Error(`PAYMENT_PROVIDER "sandbox" takes no money: it is refused in ${settings.environment}`);
    if (!webhookSecret || webhookSecret.length < 32)
      throw new Error("PAYMENT_WEBHOOK_SECRET is missing or shorter than 32 characters");
    return sandboxProvider(webhookSecret);
  }
  if (provider === "stripe") {
    return stripeProvider(() => {
      const payments = settings.payments();
      if (!payments) throw new Error("PAYMENT_PROVIDER is stripe but the PAYMENTS service binding is missing");
      return payments;
    });
  }
  throw new Error(`Payment provider "${provider ?? ""}" is invalid: PAYMENT_PROVIDER must be "stripe" or "sandbox"`);
}

/**
 * The configured payment provider. An unknown name, the sandbox outside a developer's machine, a missing sandbox
 * secret, or a brand offering an online method the provider does not take stops the worker at start-up, never a
 * shopper at the last step. Stripe's own keys are checked when the payments worker starts.
 */
export function createPaymentProvider(settings: PaymentSettings): PaymentProvider {
  const provider = configuredProvider(settings);
  for (const brand of BRANDS) {
    const untaken = brand.paymentMethods.filter(
      (method) => paymentTypeOf(method) === "ONLINE_PREPAID" && !provider.takes(method),
    );
    if (untaken.length)
      throw new Error(
        `${brand.slug} offers ${untaken.join(", ")}, which the payment provider "${provider.name}" does not take`,
      );
  }
  return provider;
}

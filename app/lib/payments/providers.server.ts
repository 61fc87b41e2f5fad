import { BRANDS } from "@contract/brands/brands";
import { paymentTypeOf } from "@contract/brands/payment-kinds";
import type { PaymentProvider } from "./provider";
import { sandboxProvider } from "./sandbox.server";
import { stripeProvider } from "./stripe.server";

export type PaymentSettings = {
  provider: string | undefined;
  webhookSecret: string | undefined;
  stripeSecretKey: string | undefined;
  stripeApiUrl: string | undefined;
  /** local, staging or production: the sandbox takes no money, so it never runs where shoppers are. */
  environment: string;
};

function configuredProvider(settings: PaymentSettings): PaymentProvider {
  const { provider, webhookSecret } = settings;
  if (!webhookSecret || webhookSecret.length < 32) throw new Error("PAYMENT_WEBHOOK_SECRET is missing or shorter than 32 characters");
  if (provider === "sandbox") {
    if (settings.environment !== "local") throw new Error(`PAYMENT_PROVIDER "sandbox" takes no money: it is refused in ${settings.environment}`);
    return sandboxProvider(webhookSecret);
  }
  if (provider === "stripe") {
    if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/.test(settings.stripeSecretKey ?? "")) throw new Error("STRIPE_SECRET_KEY is missing or not a Stripe secret key (sk_live_..., sk_test_... or a restricted rk_ key)");
    if (!webhookSecret.startsWith("whsec_")) throw new Error("PAYMENT_WEBHOOK_SECRET must be the Stripe endpoint's signing secret (whsec_...)");
    const apiUrl = settings.stripeApiUrl ? new URL(settings.stripeApiUrl) : null;
    if (apiUrl && settings.environment !== "local") throw new Error("STRIPE_API_URL points Stripe's SDK at a stand-in: local only");
    return stripeProvider({ secretKey: settings.stripeSecretKey!, webhookSecret, apiUrl });
  }
  throw new Error(`Payment provider "${provider ?? ""}" is invalid: PAYMENT_PROVIDER must be "stripe" or "sandbox"`);
}

/**
 * The configured payment provider. An unknown name, a missing or malformed secret, or a brand offering an online
 * method the provider does not take stops the worker at start-up, never a shopper at the last step.
 */
export function createPaymentProvider(settings: PaymentSettings): PaymentProvider {
  const provider = configuredProvider(settings);
  for (const brand of BRANDS) {
    const untaken = brand.paymentMethods.filter((method) => paymentTypeOf(method) === "ONLINE_PREPAID" && !provider.takes(method));
    if (untaken.length) throw new Error(`${brand.slug} offers ${untaken.join(", ")}, which the payment provider "${provider.name}" does not take`);
  }
  return provider;
}

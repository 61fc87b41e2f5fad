import { z } from "zod";

const settingsSchema = z.object({
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
      "STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_..., sk_test_... or a restricted rk_ key)",
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^whsec_[A-Za-z0-9+/=]{16,}$/,
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_...)",
    ),
  /** Only for the local stand-in of Stripe's API (tests, development). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  ENVIRONMENT: z.enum(["local", "staging", "production"]).default("local"),
});

/**
 * The worker's settings, checked once when it starts: a missing or malformed secret stops it there (a deploy is
 * refused), never a shopper at the payment step. A stand-in address is refused outside a developer's machine.
 */
export function paymentSettings(env: Record<string, unknown>) {
  const settings = settingsSchema.parse(env);
  if (settings.STRIPE_API_URL && settings.ENVIRONMENT !== "local")
    throw new Error("STRIPE_API_URL points Stripe's SDK at a stand-in: local only");
  return {
    secretKey: settings.STRIPE_SECRET_KEY,
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
    apiUrl: settings.STRIPE_API_URL ? new URL(settings.STRIPE_API_URL) : null,
  };
}
export type PaymentSettings = ReturnType<typeof paymentSettings>;

import { z } from "zod";
import { SIGN_IN_PROVIDERS } from "@contract/brands/brands";
import { LOG_LEVELS } from "@contract/observability/log";
import { createPaymentProvider } from "~/lib/payments/providers.server";
import { createSessionProvider } from "~/lib/session/providers";

const configSchema = z.object({
  SESSION_PROVIDER: z.string().default("h3_session"),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("__session"),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 30),
  SESSION_TIMESTAMP_SKEW_SECONDS: z.coerce.number().int().min(0).default(60),
  SESSION_PASSWORD: z.string().optional(),
  DEFAULT_BRAND: z.string().default("WPX-ES"),
  CLIENT_API_REQUESTS: z.enum(["true", "false"]).default("false"),
  PAYMENT_PROVIDER: z.string().default("sandbox"),
  PAYMENT_WEBHOOK_SECRET: z.string().optional(),
  /** Where this worker runs: local (a developer's machine and the tests), staging or production. */
  ENVIRONMENT: z.enum(["local", "staging", "production"]).default("local"),
  /** The least level of the worker's log lines (docs/decisions/0033); unset, every line. */
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  /**
   * The ways of signing in this environment offers, comma-separated (a brand offers those of its own that are here); an
   * unknown one stops start-up.
   */
  AUTH_PROVIDERS: z
    .string()
    .default(SIGN_IN_PROVIDERS.join(","))
    .transform((list) =>
      list
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(SIGN_IN_PROVIDERS))),
  // A second sign-in provider (OpenID Connect: Google, Apple...), offered only when all of its settings are set.
  OIDC_PROVIDER_ID: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/)
    .default("oidc"),
  OIDC_PROVIDER_NAME: z.string().default("OpenID Connect"),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Only for a provider started locally (tests, development): its issuer is plain http. */
  OIDC_ALLOW_HTTP: z.enum(["true", "false"]).default("false"),
  // Days raw analytics rows are kept (docs/decisions/0026); the daily rollups stay.
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
});

export type AppConfig = ReturnType<typeof parseConfig>;

/** Parses the worker's vars once; an unknown session or payment provider fails start-up here. */
export function parseConfig(env: Record<string, unknown>) {
  const vars = configSchema.parse(env);
  return {
    sessionProvider: createSessionProvider(vars.SESSION_PROVIDER),
    cookieName: vars.SESSION_COOKIE_NAME,
    ttlSeconds: vars.SESSION_TTL_SECONDS,
    skewSeconds: vars.SESSION_TIMESTAMP_SKEW_SECONDS,
    sessionPassword: vars.SESSION_PASSWORD,
    defaultBrand: vars.DEFAULT_BRAND,
    clientApiRequests: vars.CLIENT_API_REQUESTS === "true",
    environment: vars.ENVIRONMENT,
    logVars: { ENVIRONMENT: vars.ENVIRONMENT, LOG_LEVEL: vars.LOG_LEVEL },
    paymentProvider: createPaymentProvider({
      provider: vars.PAYMENT_PROVIDER,
      webhookSecret: vars.PAYMENT_WEBHOOK_SECRET,
      payments: () => env.PAYMENTS as Fetcher | undefined,
      environment: vars.ENVIRONMENT,
    }),
    authProviders: vars.AUTH_PROVIDERS,
    oidc:
      vars.OIDC_ISSUER && vars.OIDC_CLIENT_ID && vars.OIDC_CLIENT_SECRET
        ? {
            id: vars.OIDC_PROVIDER_ID,
            name: vars.OIDC_PROVIDER_NAME,
            issuer: new URL(vars.OIDC_ISSUER),
            clientId: vars.OIDC_CLIENT_ID,
            clientSecret: vars.OIDC_CLIENT_SECRET,
            allowHttp: vars.OIDC_ALLOW_HTTP === "true",
          }
        : null,
    /** Signs the sandbox's own webhooks (its hosted page plays the provider's server). */
    paymentWebhookSecret: vars.PAYMENT_WEBHOOK_SECRET ?? "",
    eventRetentionDays: vars.EVENT_RETENTION_DAYS,
  };
}

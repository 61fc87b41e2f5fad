import type { D1Migration } from "cloudflare:test";

declare global {
  /** The app worker's bindings plus what only the tests bind. */
  type TestEnv = Env & {
    STORE_DB: D1Database;
    PRODUCT_API: Fetcher;
    /** The uploads worker's bucket (the same R2 bucket it writes). */
    UPLOADS_BUCKET: R2Bucket;
    /** The uploads worker with quotas roomy enough for files of several parts (vitest.config.ts). */
    UPLOADS_ROOMY: Fetcher;
    /** The storefront again, configured with Stripe (workers/payments and its local stand-in, scripts/stripe-standin.ts). */
    STOREFRONT_STRIPE: Fetcher;
    /** The storefront again, where the environment offers no way of signing in (AUTH_PROVIDERS empty). */
    STOREFRONT_NO_SIGN_IN: Fetcher;
    STRIPE_STANDIN_URL: string;
    STRIPE_STANDIN_SECRET_KEY: string;
    STRIPE_STANDIN_WEBHOOK_SECRET: string;
    /** The test OpenID Connect provider (tests/setup/oidc-provider.ts). */
    OIDC_ISSUER: string;
    /** tests/fixtures/photos/, each file's bytes in base64 by its name (vitest.config.ts). */
    TEST_PHOTOS: Record<string, string>;
    TEST_MIGRATIONS: { analytics: D1Migration[]; store: D1Migration[] };
  };
}

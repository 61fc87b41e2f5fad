import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { STRIPE_STANDIN_KEYS, STRIPE_STANDIN_PORT } from "./stripe-standin.ts";

/** Workers that read secrets locally from a .dev.vars beside their wrangler config. */
const DEV_VARS_FILES = [".dev.vars", "workers/api-proxy/.dev.vars", "workers/product-api/.dev.vars"];
const PAYMENTS_DEV_VARS = "workers/payments/.dev.vars";

/**
 * Creates git-ignored .dev.vars files with fresh random secrets, once; existing files are left alone, except that a
 * storefront .dev.vars made before payments gets its PAYMENT_WEBHOOK_SECRET added.
 */
export function ensureDevVars() {
  if (existsSync(".dev.vars") && !/^PAYMENT_WEBHOOK_SECRET=/m.test(readFileSync(".dev.vars", "utf8"))) {
    appendFileSync(
      ".dev.vars",
      `${readFileSync(".dev.vars", "utf8").endsWith("\n") ? "" : "\n"}PAYMENT_WEBHOOK_SECRET=${randomBytes(32).toString("hex")}\n`,
    );
  }
  const source = existsSync(".dev.vars")
    ? readFileSync(".dev.vars", "utf8")
    : `SESSION_PASSWORD=${randomBytes(32).toString("hex")}\nAPI_TOKEN=${randomBytes(24).toString("hex")}\nPAYMENT_WEBHOOK_SECRET=${randomBytes(32).toString("hex")}\n`;
  for (const file of DEV_VARS_FILES) {
    // Locally the product API also opens its development endpoints (the mailbox's outbox, the echo).
    const local = file.startsWith("workers/product-api/") ? `${source}EXPOSE_DEV_ENDPOINTS=true\n` : source;
    if (!existsSync(file)) writeFileSync(file, local);
  }
  // The payments worker talks to the local stand-in of Stripe's API (`npm start -- --stripe` starts it).
  if (!existsSync(PAYMENTS_DEV_VARS)) {
    writeFileSync(
      PAYMENTS_DEV_VARS,
      `STRIPE_SECRET_KEY=${STRIPE_STANDIN_KEYS.secretKey}\nSTRIPE_WEBHOOK_SECRET=${STRIPE_STANDIN_KEYS.webhookSecret}\nSTRIPE_API_URL=http://127.0.0.1:${STRIPE_STANDIN_PORT}\n`,
    );
  }
}

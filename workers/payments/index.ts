import { env } from "cloudflare:workers";
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Logger, LogVars } from "@contract/observability/log";
import { drainAfterAnswer } from "@contract/http/drain-body";
import { requestLogging } from "@contract/observability/request-logging";
import { checkoutSessionRequestSchema } from "@contract/payments/stripe";
import { paymentSettings } from "./settings";
import { isStripeRefusal, stripeClient } from "./stripe";

// Checked once at start-up: a missing or malformed secret stops the worker here.
const stripe = stripeClient(paymentSettings(env as unknown as Record<string, unknown>));
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
/** Stripe's events are small; anything larger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * The storefront's door to Stripe (service binding only): Checkout Sessions for its payment attempts, and the
 * signature check of Stripe's webhooks, whose raw body the storefront passes on untouched.
 */
type Payments = { Bindings: LogVars; Variables: { log: Logger } };

const app = new Hono<Payments>()
  .use(requestLogging("payments"))
  .use(drainAfterAnswer())
  .post(
    "/stripe/checkout-sessions",
    zValidator("json", checkoutSessionRequestSchema, (result, c) => {
      if (!result.success)
        return c.json(
          { error: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ") },
          400,
        );
    }),
    async (c) => {
      const session = await stripe.createSession(c.req.valid("json"));
      return session ? c.json(session, 201) : c.json({ error: "Stripe does not take this payment method" }, 422);
    },
  )
  .get("/stripe/checkout-sessions/:id", async (c) => {
    const id = c.req.param("id");
    if (!SESSION_ID.test(id)) return c.json({ error: "Not a Checkout Session id" }, 400);
    return c.json(await stripe.session(id));
  })
  .post("/stripe/checkout-sessions/:id/expire", async (c) => {
    const id = c.req.param("id");
    if (!SESSION_ID.test(id)) return c.json({ error: "Not a Checkout Session id" }, 400);
    try {
      return c.json(await stripe.expire(id));
    } catch (error) {
      // Complete or expired already: the session as it is now.
      if (isStripeRefusal(error)) return c.json(await stripe.session(id), 409);
      throw error;
    }
  })
  .post("/stripe/events", async (c) => {
    const body = await c.req.text();
    if (new TextEncoder().encode(body).byteLength > MAX_EVENT_BYTES) return c.json({ refused: "malformed-body" }, 400);
    const answer = await stripe.event(body, c.req.header("stripe-signature") ?? null);
    return c.json(answer, "refused" in answer ? 400 : 200);
  })
  .notFound((c) => c.json({ error: `No endpoint ${c.req.method} ${c.req.path}` }, 404))
  .onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ error: error.message }, error.status);
    c.get("log").failure("payments failed", error);
    // Stripe unreachable or refusing: the storefront keeps the shopper on the payment step to try again.
    return c.json({ error: "The payment provider did not answer" }, 502);
  });

export default app;

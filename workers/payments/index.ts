import { env } from "cloudflare:workers";
import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import type { Logger, LogVars } from "@contract/observability/log";
import { drainAfterAnswer } from "@contract/http/drain-body";
import { allowedMethods, errorBody, methodNotAllowed } from "@contract/http/errors";
import { readableBody, refuseInvalid } from "@contract/http/validate";
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

const notASession = { fieldErrors: { id: "Not a Checkout Session id" } };

const app: Hono<Payments> = new Hono<Payments>()
  .use(requestLogging("payments"))
  .use(drainAfterAnswer())
  .post(
    "/stripe/checkout-sessions",
    readableBody("json"),
    zValidator("json", checkoutSessionRequestSchema, refuseInvalid("json")),
    async (c) => {
      const session = await stripe.createSession(c.req.valid("json"));
      return session
        ? c.json(session, 201)
        : c.json(errorBody("unsupportedPaymentMethod", "Stripe does not take this payment method"), 422);
    },
  )
  .get("/stripe/checkout-sessions/:id", async (c) => {
    const id = c.req.param("id");
    if (!SESSION_ID.test(id)) return c.json(errorBody("badField", "Not a Checkout Session id", notASession), 400);
    return c.json(await stripe.session(id));
  })
  .post("/stripe/checkout-sessions/:id/expire", async (c) => {
    const id = c.req.param("id");
    if (!SESSION_ID.test(id)) return c.json(errorBody("badField", "Not a Checkout Session id", notASession), 400);
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
    const answer =
      new TextEncoder().encode(body).byteLength > MAX_EVENT_BYTES
        ? ({ refused: "malformed-body" } as const)
        : await stripe.event(body, c.req.header("stripe-signature") ?? null);
    if (!("refused" in answer)) return c.json(answer);
    const code = answer.refused === "malformed-body" ? "badBody" : "badSignature";
    return c.json(errorBody(code, `Webhook refused: ${answer.refused}`, { details: { refused: answer.refused } }), 400);
  })
  .notFound((c) => {
    const allow = allowedMethods(app.routes, c.req.method, c.req.path);
    if (allow.length) return methodNotAllowed(c.req.method, allow);
    return c.json(errorBody("notFound", `No endpoint ${c.req.method} ${c.req.path}`), 404);
  })
  .onError((error, c) => {
    c.get("log").failure("payments failed", error);
    // Stripe unreachable or refusing: the storefront keeps the shopper on the payment step to try again.
    return c.json(errorBody("upstreamFailed", "The payment provider did not answer"), 502);
  });

export default app;

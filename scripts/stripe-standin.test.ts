import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { STRIPE_STANDIN_KEYS, startStripeStandIn } from "./stripe-standin.ts";

const received: { signature: string; body: string }[] = [];
const endpoint = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    received.push({ signature: String(request.headers["stripe-signature"]), body });
    response.end("{}");
  });
});
await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
const standIn = await startStripeStandIn({
  webhookUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/payments/webhook`,
});
const port = Number(new URL(standIn.url).port);
const stripe = new Stripe(STRIPE_STANDIN_KEYS.secretKey, { host: "127.0.0.1", port, protocol: "http" });

afterAll(async () => {
  await standIn.close();
  endpoint.close();
});

describe("the Stripe stand-in", () => {
  it("answers Stripe's own SDK, and signs the events it delivers so that the SDK's check accepts them", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "eur", unit_amount: 4830, product_data: { name: "WPX España · ES-TEST" } },
        },
      ],
      allowed_payment_method_types: ["bizum"],
      client_reference_id: "pay_0123456789abcdef0123456789abcdef",
      success_url: "http://wpx-es.localhost/checkout/payment-return?payment=x",
    });
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: 4830,
      payment_method_types: ["bizum"],
    });
    const paid = await fetch(session.url!, {
      method: "POST",
      body: new URLSearchParams({ action: "pay" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const [delivery] = received;
    const event = await stripe.webhooks.constructEventAsync(
      delivery!.body,
      delivery!.signature,
      STRIPE_STANDIN_KEYS.webhookSecret,
    );
    expect(event.type).toBe("checkout.session.completed");
    expect(event.data.object).toMatchObject({ id: session.id, status: "complete", payment_status: "paid" });
    // Stripe's own errors for what it refuses.
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toThrow(/can be expired/);
    await expect(stripe.checkout.sessions.retrieve("cs_test_missing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
    });
    await expect(
      new Stripe("sk_test_someoneelse000000", { host: "127.0.0.1", port, protocol: "http" }).checkout.sessions.retrieve(
        session.id,
      ),
    ).rejects.toMatchObject({ type: "StripeAuthenticationError" });
  });
});

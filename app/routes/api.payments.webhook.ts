import type { Route } from "./+types/api.payments.webhook";
import { handlePaymentWebhook } from "~/lib/payments/webhook.server";

/** The payment provider's server-to-server webhook: its signature is its authentication (no Origin, no session). */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
  return handlePaymentWebhook(request, context);
}

import type { Route } from "./+types/api.payments.webhook";
import { methodNotAllowed } from "@contract/http/errors";
import { handlePaymentWebhook } from "~/lib/payments/webhook.server";

/** Only POST: a GET (a link followed, a crawler) is told so. */
export const loader = ({ request }: Route.LoaderArgs) => methodNotAllowed(request.method, ["POST"]);

/** The payment provider's server-to-server webhook: its signature is its authentication (no Origin, no session). */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request.method, ["POST"]);
  return handlePaymentWebhook(request, context);
}

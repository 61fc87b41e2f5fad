import type { RouterContextProvider } from "react-router";
import { errorResponse } from "@contract/http/errors";
import { requestLogFields, writeLog } from "~/lib/log/log.server";
import { ordersApi } from "~/lib/orders/api.server";
import { requestInfoContext } from "~/lib/request/context/keys";

/**
 * The provider's webhook: checks the signature, then hands the event to the product API. Used by
 * /api/payments/webhook and, in-process with a real signed request, by the sandbox's hosted page.
 */
export async function handlePaymentWebhook(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Response> {
  const { env, config, waitUntil, log } = context.get(requestInfoContext);
  const verification = await config.paymentProvider.verifyWebhook(request, log.requestId);
  if (!verification.ok) {
    waitUntil(
      writeLog(log, env.ANALYTICS_DB, {
        level: "WARN",
        message: `Payment webhook refused: ${verification.reason}`,
        ...requestLogFields(request),
      }),
    );
    const code = verification.reason === "malformed-body" ? "badBody" : "badSignature";
    return errorResponse(400, code, verification.reason);
  }
  const { event } = verification;
  // A genuine event about something that is not one of the store's attempts: acknowledged, or the provider retries it
  // for days.
  if (!event) return Response.json({ received: true, ignored: true });
  const result = await ordersApi(context).paymentEvent(
    event.paymentId,
    event.id,
    event.type,
    event.siteUrl ?? new URL(request.url).origin,
  );
  if (!result) return errorResponse(404, "notFound", "unknown-payment");
  return Response.json({ received: true, replayed: result.replayed });
}

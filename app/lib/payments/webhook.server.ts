import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "../context";
import { requestLogFields, writeLog } from "../log.server";
import { ordersApi } from "../orders/api.server";
import { apiErrorCode } from "../product-api/client";
import { API_ERROR_CODES } from "@contract/api/errors";

/**
 * The provider's webhook: checks the signature, then hands the event to the product API. Used by
 * /api/payments/webhook and, in-process with a real signed request, by the sandbox's hosted page.
 */
export async function handlePaymentWebhook(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const { env, config, waitUntil } = context.get(requestInfoContext);
  const verification = await config.paymentProvider.verifyWebhook(request);
  if (!verification.ok) {
    waitUntil(writeLog(env.ANALYTICS_DB, { level: "WARN", message: `Payment webhook refused: ${verification.reason}`, ...requestLogFields(request) }));
    return Response.json({ error: verification.reason }, { status: 400 });
  }
  const { event } = verification;
  try {
    const result = await ordersApi(context).paymentEvent(event.paymentId, event.id, event.type, new URL(request.url).origin);
    return Response.json({ received: true, replayed: result.replayed });
  } catch (error) {
    if (apiErrorCode(error) === API_ERROR_CODES.notFound) return Response.json({ error: "unknown-payment" }, { status: 404 });
    throw error;
  }
}

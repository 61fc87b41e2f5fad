import { parseConfig } from "../../app/lib/config.server";
import { sessionContext } from "../../app/lib/context";
import { localeMiddleware } from "../../app/lib/middleware.server";
import { placeOrder } from "../../app/lib/orders/place-order.server";
import { createRequestContext } from "../../app/lib/request-context.server";
import { hostOf, testEnv } from "../setup/app";

const config = parseConfig(testEnv as unknown as Record<string, unknown>);
const executionContext = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;

/**
 * The checkout's step-4 submit as the app runs it, until the checkout route's action (another branch) calls this:
 * the worker's own request context and locale middleware, then placeOrder, then the session commit.
 */
export async function submitPaymentStep(cookie: string, path = "/checkout?step=4") {
  const request = new Request(`${hostOf("WPX-ES")}${path}`, { method: "POST", headers: { cookie, origin: hostOf("WPX-ES") } });
  const context = await createRequestContext(request, testEnv, executionContext, config);
  await localeMiddleware({ request, context, params: {}, pattern: "" } as never, async () => new Response());
  const response = await placeOrder({ request, context });
  await context.get(sessionContext).commit();
  return response;
}

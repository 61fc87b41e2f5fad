import type { BrandSlug } from "@contract/brands/brands";
import { storefrontLogs } from "~/lib/log/request-log.server";
import { parseConfig, type AppConfig } from "~/lib/request/context/config.server";
import { sessionContext } from "~/lib/request/context/keys";
import { placeOrder } from "~/lib/orders/place-order.server";
import { createRequestContext } from "~/lib/request/context/request-context.server";
import { hostOf, testEnv } from "./app";

const config = parseConfig(testEnv as unknown as Record<string, unknown>);

/** The app's configuration as the Stripe-configured storefront has it (vitest.config.ts's storefront-stripe). */
export const stripeConfig = parseConfig({
  ...(testEnv as unknown as Record<string, unknown>),
  PAYMENT_PROVIDER: "stripe",
});
const executionContext = {
  waitUntil: () => undefined,
  passThroughOnException: () => undefined,
  props: {},
} as unknown as ExecutionContext;

/**
 * placeOrder as the checkout's step-4 action calls it once the payment choice is saved: the worker's own request
 * context, then placeOrder, then the session commit (its cookie in the answer). Calling it directly tests its own
 * refusals (a checkout saved earlier that is no longer valid) apart from the step-4 form's validation.
 */
export async function submitPaymentStep(
  cookie: string,
  path = "/checkout?step=4",
  brand: BrandSlug = "WPX-ES",
  appConfig: AppConfig = config,
) {
  const request = new Request(`${hostOf(brand)}${path}`, {
    method: "POST",
    headers: { cookie, origin: hostOf(brand) },
  });
  const context = await createRequestContext(
    request,
    testEnv,
    executionContext,
    appConfig,
    "test-nonce",
    storefrontLogs({}, {}, undefined).request(request),
  );
  const response = await placeOrder({ request, context });
  const setCookie = await context.get(sessionContext).commit();
  // The answer carries the session's new cookie, as the worker's would: a browser sends that one from now on.
  const answer = new Response(response.body, response);
  if (setCookie) answer.headers.append("set-cookie", setCookie);
  return answer;
}

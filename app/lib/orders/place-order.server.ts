import { redirect } from "react-router";
import { brandContext, localeContext, requestInfoContext, sessionContext } from "../context";
import { localizePath } from "@contract/locales/paths";
import { writeLog, requestLogFields } from "../log.server";
import type { Order } from "@contract/api/orders";
import { API_ERROR_CODES } from "@contract/api/errors";
import { apiErrorCode } from "../product-api/client";
import { incompleteStepOf } from "@contract/api/errors";
import { localRedirect, type GuardArgs } from "../guards/redirect.server";
import { ordersApi } from "./api.server";

const MAX_ORDER_IDS = 20;

/**
 * Places the order for the visitor's checked-out cart (exactly once per cart content and checkout data) and starts
 * its payment. Called by the checkout's payment step after it saved the payment choice. Returns a redirect: to the
 * payment provider's page for online payments, or to /order-completed for offline ones (transfer, bank receipt).
 */
export async function placeOrder(args: GuardArgs): Promise<Response> {
  const { request, context } = args;
  const session = context.get(sessionContext);
  const cartId = session.data.cartId;
  if (!cartId) return localRedirect(context, "/cart", 303);
  const api = ordersApi(context);
  const origin = new URL(request.url).origin;

  let order: Order;
  try {
    order = await api.placeOrder(cartId, origin);
  } catch (error) {
    return refusedOrder(args, error);
  }
  // Newest first: the order pages let this session see its own orders only.
  session.update({ orderIds: [order.publicId, ...session.data.orderIds.filter((id) => id !== order.publicId)].slice(0, MAX_ORDER_IDS) });

  const completed = localRedirect(context, `/order-completed?order=${encodeURIComponent(order.publicId)}`, 303);
  if (order.paymentType !== "ONLINE_PREPAID" || order.paymentStatus !== "PENDING") return completed;
  const { config } = context.get(requestInfoContext);
  try {
    const payment = await api.startPayment(order, config.paymentProvider.name);
    const brand = context.get(brandContext);
    const locale = context.get(localeContext);
    const page = await config.paymentProvider.startPayment(payment, { origin, localize: (path) => localizePath(path, locale, brand) });
    return redirect(page.toString(), 303);
  } catch (error) {
    // Paid meanwhile (another tab): the order is done; anything else leaves the shopper on step 4 to try again.
    if (apiErrorCode(error) === API_ERROR_CODES.paymentRefused) return completed;
    return refusedOrder(args, error);
  }
}

/** Never a crash at the last step: back to the step that needs the shopper, or to the cart. */
function refusedOrder({ request, context }: GuardArgs, error: unknown): Response {
  const code = apiErrorCode(error);
  const step = incompleteStepOf(code);
  if (step) return localRedirect(context, `/checkout?step=${step}`, 303);
  if (code === API_ERROR_CODES.emptyCart || code === API_ERROR_CODES.notFound) return localRedirect(context, "/cart", 303);
  const { env, waitUntil } = context.get(requestInfoContext);
  waitUntil(writeLog(env.ANALYTICS_DB, { level: "ERROR", message: `Placing the order failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, ...requestLogFields(request) }));
  return localRedirect(context, "/checkout?step=4&payment=error", 303);
}

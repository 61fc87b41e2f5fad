import { redirect } from "react-router";
import { localizePath } from "@contract/locales/paths";
import { describeFailure } from "~/lib/errors";
import { localRedirect, type GuardArgs } from "~/lib/guards/redirect.server";
import { requestLogFields, writeLog } from "~/lib/log/log.server";
import { orderAttributionOf } from "~/lib/marketing/attribution.server";
import { brandContext, localeContext, requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { ordersApi, type OrderRefusal } from "./api.server";
import { keepAndPrint } from "./print-jobs.server";

const MAX_ORDER_IDS = 20;

/**
 * Places the order for the visitor's checked-out cart (exactly once per cart content and checkout data) and starts
 * its payment. Called by the checkout's payment step after it saved the payment choice. Returns a redirect: to the
 * payment provider's page for online payments, or to /order-completed for offline ones (transfer, bank receipt).
 * Never a crash at the last step: anything unexpected leaves the shopper on step 4 to try again.
 */
export async function placeOrder(args: GuardArgs): Promise<Response> {
  try {
    return await placeAndPay(args);
  } catch (error) {
    const { env, waitUntil, log } = args.context.get(requestInfoContext);
    waitUntil(
      writeLog(
        log,
        env.ANALYTICS_DB,
        {
          level: "ERROR",
          message: `Placing the order failed: ${describeFailure(error)}`,
          ...requestLogFields(args.request),
        },
        error,
      ),
    );
    return localRedirect(args.context, "/checkout?step=4&payment=error", 303);
  }
}

async function placeAndPay({ request, context }: GuardArgs): Promise<Response> {
  const session = context.get(sessionContext);
  const cartId = session.data.cartId;
  if (!cartId) return localRedirect(context, "/cart", 303);
  const api = ordersApi(context);
  const origin = new URL(request.url).origin;

  const placed = await api.placeOrder(cartId, origin, orderAttributionOf(request));
  if (!placed.ok) return localRedirect(context, refusedOrderPath(placed.refusal), 303);
  const { order } = placed;
  context.get(requestInfoContext).waitUntil(keepAndPrint(context, order));
  // Newest first: the order pages let this session see its own orders only.
  session.update({
    orderIds: [order.publicId, ...session.data.orderIds.filter((id) => id !== order.publicId)].slice(0, MAX_ORDER_IDS),
  });

  const completed = localRedirect(context, `/order-completed?order=${encodeURIComponent(order.publicId)}`, 303);
  if (order.paymentType !== "ONLINE_PREPAID" || order.paymentStatus !== "PENDING") return completed;
  const { config, log } = context.get(requestInfoContext);
  const payment = await api.startPayment(order, config.paymentProvider.name);
  // Paid meanwhile (another tab): the order is done.
  if (payment === "alreadyPaid") return completed;
  const brand = context.get(brandContext);
  const locale = context.get(localeContext);
  const page = await config.paymentProvider.startPayment(payment, {
    origin,
    localize: (path) => localizePath(path, locale, brand),
    locale,
    description: `${brand.name} · ${order.publicId}`,
    recordReference: (reference) => api.recordPaymentReference(payment.id, reference),
    requestId: log.requestId,
  });
  return redirect(page.toString(), 303);
}

/** Back to the step that needs the shopper, or to the cart. */
function refusedOrderPath(refusal: OrderRefusal) {
  return typeof refusal === "object" ? `/checkout?step=${refusal.step}` : "/cart";
}

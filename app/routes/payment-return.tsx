import type { RouterContextProvider } from "react-router";
import type { Payment } from "@contract/api/orders";
import { Link } from "~/components/link";
import type { Route } from "./+types/payment-return";
import { useShell } from "~/components/use-shell";
import { describeFailure, pageNotFound } from "~/lib/errors";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { requestLogFields, writeLog } from "~/lib/log/log.server";
import { ordersApi } from "~/lib/orders/api.server";
import { requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";

/** Seconds between checks while the provider has not told us the outcome yet. */
const REFRESH_SECONDS = 3;

/**
 * An attempt the shopper came back from, before its webhook: the provider's own API says what became of it (and closes
 * it when they gave up). A provider that cannot be asked, or does not answer, leaves it to the webhook.
 */
async function settled(request: Request, context: Readonly<RouterContextProvider>, payment: Payment, giveUp: boolean) {
  const { config, env, waitUntil, log } = context.get(requestInfoContext);
  if (payment.status !== "PENDING" || !config.paymentProvider.settle) return payment;
  try {
    const event = await config.paymentProvider.settle(payment, {
      giveUp,
      siteUrl: new URL(request.url).origin,
      requestId: log.requestId,
    });
    if (!event) return payment;
    const api = ordersApi(context);
    await api.paymentEvent(payment.id, event.id, event.type, event.siteUrl ?? new URL(request.url).origin);
    return (await api.payment(payment.id)) ?? payment;
  } catch (error) {
    waitUntil(
      writeLog(log, env.ANALYTICS_DB, {
        level: "WARN",
        message: `Asking the payment provider about ${payment.id} failed: ${describeFailure(error)}`,
        ...requestLogFields(request),
      }),
    );
    return payment;
  }
}

/** Where the provider sends the shopper back: on to the order when paid, back to step 4 when not, or wait. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const id = url.searchParams.get("payment");
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw pageNotFound(request);
  const api = ordersApi(context);
  const session = context.get(sessionContext);
  const found = await api.payment(id);
  // Someone else's attempt does not exist for this visitor.
  if (!found || !session.data.orderIds.includes(found.orderPublicId)) throw pageNotFound(request);
  const gaveUp = url.searchParams.get("canceled") === "1";
  const payment = await settled(request, context, found, gaveUp);
  if (payment.status === "PAID") {
    const order = await api.order(payment.orderPublicId);
    if (order && order.cartId === session.data.cartId) session.update({ cartId: null });
    throw localRedirect(context, `/order-completed?order=${encodeURIComponent(payment.orderPublicId)}`, 303);
  }
  if (payment.status === "FAILED") throw localRedirect(context, "/checkout?step=4&payment=failed", 303);
  // Back from the provider's page without paying: step 4 at once, whatever the provider has still to say.
  if (payment.status === "CANCELED" || gaveUp) throw localRedirect(context, "/checkout?step=4&payment=canceled", 303);
  return { title: translate(context, "orders.return.title"), orderPublicId: payment.orderPublicId };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "" },
  { name: "robots", content: "noindex" },
  // Without JavaScript too, the page asks again until the provider's answer is in.
  { httpEquiv: "refresh", content: String(REFRESH_SECONDS) },
];

export default function PaymentReturn({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  return (
    <div className="container-page max-w-xl py-12 text-center" role="status" aria-live="polite">
      <span
        aria-hidden="true"
        className="mx-auto block h-10 w-10 animate-spin rounded-full border-4 border-line border-t-brand motion-reduce:animate-none"
      />
      <h1 className="mt-6 text-2xl font-bold">{loaderData.title}</h1>
      <p className="mt-3 text-muted">{t("orders.return.text", { id: loaderData.orderPublicId })}</p>
      <p className="mt-6">
        <Link to={to(`/tracking/${loaderData.orderPublicId}`)} className="font-semibold text-brand">
          {t("orders.return.tracking")}
        </Link>
      </p>
    </div>
  );
}

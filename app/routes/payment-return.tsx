import { Link } from "~/components/link";
import type { Route } from "./+types/payment-return";
import { useShell } from "~/components/use-shell";
import { sessionContext } from "~/lib/request/context";
import { pageNotFound } from "~/lib/errors";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { ordersApi } from "~/lib/orders/api.server";
import { pageUrl } from "~/lib/request/page-url";

/** Seconds between checks while the provider has not told us the outcome yet. */
const REFRESH_SECONDS = 3;

/** Where the provider sends the shopper back: on to the order when paid, back to step 4 when not, or wait. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = pageUrl(request).searchParams.get("payment");
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw pageNotFound(request);
  const api = ordersApi(context);
  const session = context.get(sessionContext);
  const payment = await api.payment(id);
  // Someone else's attempt does not exist for this visitor.
  if (!payment || !session.data.orderIds.includes(payment.orderPublicId)) throw pageNotFound(request);
  if (payment.status === "PAID") {
    const order = await api.order(payment.orderPublicId);
    if (order && order.cartId === session.data.cartId) session.update({ cartId: null });
    throw localRedirect(context, `/order-completed?order=${encodeURIComponent(payment.orderPublicId)}`, 303);
  }
  if (payment.status === "FAILED") throw localRedirect(context, "/checkout?step=4&payment=failed", 303);
  if (payment.status === "CANCELED") throw localRedirect(context, "/checkout?step=4&payment=canceled", 303);
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
      <span aria-hidden="true" className="mx-auto block h-10 w-10 animate-spin rounded-full border-4 border-line border-t-brand motion-reduce:animate-none" />
      <h1 className="mt-6 text-2xl font-bold">{loaderData.title}</h1>
      <p className="mt-3 text-muted">{t("orders.return.text", { id: loaderData.orderPublicId })}</p>
      <p className="mt-6"><Link to={to(`/tracking/${loaderData.orderPublicId}`)} className="font-semibold text-brand">{t("orders.return.tracking")}</Link></p>
    </div>
  );
}

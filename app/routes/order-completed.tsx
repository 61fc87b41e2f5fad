import { Link } from "react-router";
import type { Route } from "./+types/order-completed";
import { OrderSummary } from "~/components/orders/order-summary";
import { OfflinePaymentInstructions } from "~/components/orders/offline-payment-instructions";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { brandContext, sessionContext } from "~/lib/request/context";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { ordersApi } from "~/lib/orders/api.server";
import { analyticsCartLines } from "~/lib/orders/analytics";
import { OFFLINE_PAYMENT_DETAILS } from "@contract/brands/offline-payment";
import { PUBLIC_ID_PATTERN } from "@contract/api/orders";
import { pageUrl } from "~/lib/request/page-url";

/** Only for an order this session placed; anyone else is sent to the tracking page (which asks for proof). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const publicId = pageUrl(request).searchParams.get("order") ?? "";
  const session = context.get(sessionContext);
  if (!PUBLIC_ID_PATTERN.test(publicId) || !session.data.orderIds.includes(publicId)) throw localRedirect(context, "/tracking");
  const brand = context.get(brandContext);
  const [order, topics] = await Promise.all([
    ordersApi(context).order(publicId),
    catalogueApi(context).helpTopics(brand.helpCenterTopics.orderCompleted),
  ]);
  if (!order) throw localRedirect(context, "/tracking");
  const topicOrder = brand.helpCenterTopics.orderCompleted;
  return {
    title: translate(context, "routes.orderCompleted"),
    noindex: true,
    order,
    bank: order.paymentType === "ONLINE_PREPAID" ? null : OFFLINE_PAYMENT_DETAILS[brand.slug],
    helpTopics: [...topics.items].sort((a, b) => topicOrder.indexOf(a.id) - topicOrder.indexOf(b.id)),
    analyticsCartLines: analyticsCartLines(order),
  };
}

export const meta: Route.MetaFunction = pageMeta;

export default function OrderCompleted({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const { order, bank, helpTopics } = loaderData;
  const offline = order.paymentType !== "ONLINE_PREPAID";
  const next = offline && order.paymentStatus === "PENDING" ? ["pay", "production", "delivery"] : ["production", "delivery", "email"];
  return (
    <div className="container-page py-8 tablet:py-12">
      <header className="rounded-card bg-brand-soft p-6">
        <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
        <p className="mt-2 text-lg">
          {t("orders.completed.reference")} <strong className="font-mono" data-testid="order-public-id">{order.publicId}</strong>
        </p>
        <p className="mt-1 text-muted">{t("orders.completed.emailSent", { email: order.email })}</p>
        <p className="mt-3 font-semibold" data-testid="order-payment-status">{t(`orders.paymentStatus.${order.paymentStatus}`)}</p>
      </header>

      <div className="mt-8 grid gap-8 desktop:grid-cols-[2fr_1fr]">
        <div className="space-y-8">
          {bank && order.paymentStatus === "PENDING" ? <OfflinePaymentInstructions order={order} bank={bank} /> : null}
          <OrderSummary order={order} />
        </div>
        <aside className="space-y-8">
          <section aria-labelledby="order-next" className="rounded-card border border-line bg-surface p-5">
            <h2 id="order-next" className="text-lg font-bold">{t("orders.completed.nextTitle")}</h2>
            <ol className="mt-3 list-decimal space-y-2 ps-5">
              {next.map((step) => <li key={step}>{t(`orders.completed.next.${step}`)}</li>)}
            </ol>
            <Link to={to(`/tracking/${order.publicId}`)} className="button-primary mt-5 w-full" data-testid="order-tracking-link">{t("orders.completed.track")}</Link>
          </section>
          {helpTopics.length ? (
            <section aria-labelledby="order-help" className="rounded-card border border-line bg-surface p-5">
              <h2 id="order-help" className="text-lg font-bold">{t("orders.completed.helpTitle")}</h2>
              <ul className="mt-3 space-y-1" data-testid="order-help-topics">
                {helpTopics.map((topic) => (
                  <li key={topic.id}>
                    <Link to={to(`/help-center/topic/${topic.slug}_${topic.id}`)} className="inline-flex min-h-11 items-center text-brand-strong">{topic.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
      {/* The purchase's lines for the analytics tags, in the spec's cart-line shape. */}
      <script
        type="application/json"
        id="analytics-cart-lines"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(loaderData.analyticsCartLines).replace(/</g, "\\u003c") }}
      />
    </div>
  );
}

import { Link } from "~/components/link";
import type { Route } from "./+types/tracking-order";
import { lineDetailsText } from "@contract/catalogue/option-label";
import { OrderTotals } from "~/components/order-totals";
import { CARRIER_LABELS, PAYMENT_LABELS } from "@contract/brands/names";
import { useMoney } from "~/components/use-money";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { brandContext } from "~/lib/request/context/keys";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";
import { requireTrackedOrder } from "~/lib/tracking/access.server";
import { formatDateTime, helpTopicSetOf, timelineOf, upcomingMilestones } from "~/lib/tracking/timeline";
import { orderDesignPreviewPath } from "@contract/api/design-links";
import { uploadPreviewPath } from "@contract/api/upload-previews";
import { Picture } from "~/components/picture";

export async function loader(args: Route.LoaderArgs) {
  const { public_id } = parseParams(args.request, { public_id: routeParams.publicId }, args.params);
  const order = await requireTrackedOrder(args, public_id);
  const brand = args.context.get(brandContext);
  const topicSet = helpTopicSetOf(order);
  const topics = await catalogueApi(args.context).helpTopics(brand.helpCenterTopics[topicSet]);
  return {
    title: translate(args.context, "routes.trackingOrder", { publicId: order.publicId }),
    noindex: true,
    order,
    country: brand.country,
    topicSet,
    topics: topics.items,
  };
}

export const meta: Route.MetaFunction = pageMeta;

export default function TrackingOrder({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useShell();
  const money = useMoney();
  const { order, country, topics, topicSet } = loaderData;
  const date = (iso: string) => formatDateTime(iso, LOCALE_TAGS[locale], country);
  const { shipment, address } = order;
  const { contact } = order;
  const timeline = timelineOf(order);
  const upcoming = upcomingMilestones(order);
  const openActions = order.userRequiredActions.filter((action) => !action.resolvedAt);
  const resolvedActions = order.userRequiredActions.filter((action) => action.resolvedAt);
  const label = (kind: "status" | "shipment", code: string) => t(`tracking.${kind}.${code}.label`);
  return (
    <div className="container-page py-10">
      <p className="text-sm font-semibold uppercase tracking-widest text-brand">{t("tracking.order.eyebrow")}</p>
      <h1 className="text-3xl font-bold tablet:text-4xl">
        {/* The order number never breaks at its hyphen on a phone. */}
        {loaderData.title.split(order.publicId).flatMap((part, index) =>
          index
            ? [
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, never reordered
                  key={index}
                  className="whitespace-nowrap"
                >
                  {order.publicId}
                </span>,
                part,
              ]
            : [part],
        )}
      </h1>
      <p className="mt-1 text-muted">{t("tracking.order.placedOn", { date: date(order.createdAt) })}</p>

      {openActions.map((action) => (
        <section
          key={action.publicId}
          className="mt-6 rounded-card border-2 border-brand bg-brand-soft p-5"
          aria-labelledby={`action-${action.publicId}`}
          data-testid="open-action"
        >
          <h2 id={`action-${action.publicId}`} className="text-lg font-bold">
            {t(`tracking.action.${action.type}.title`)}
          </h2>
          <p className="mt-1">{t(`tracking.action.${action.type}.text`)}</p>
          <Link
            to={to(`/tracking/${order.publicId}/user_required_actions/${action.publicId}`)}
            className="button-primary mt-4"
          >
            {t(`tracking.action.${action.type}.cta`)}
          </Link>
        </section>
      ))}

      <div className="mt-8 grid gap-8 desktop:grid-cols-[2fr_1fr]">
        <div className="space-y-8">
          <section aria-labelledby="timeline-title" className="rounded-card border border-line bg-surface p-5">
            <h2 id="timeline-title" className="text-xl font-bold">
              {t("tracking.order.timeline")}
            </h2>
            <ol className="mt-4 space-y-4 border-l-2 border-line pl-5" data-testid="timeline">
              {timeline.map((entry, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, never reordered
                  key={index}
                  aria-current={entry.current ? "step" : undefined}
                  className={`relative ${entry.current ? "rounded-card bg-brand-soft p-3" : "text-muted"}`}
                  data-current={entry.current || undefined}
                >
                  <span
                    aria-hidden="true"
                    className={`absolute -left-[1.72rem] top-1.5 h-3 w-3 rounded-full ${entry.current ? "bg-brand" : "bg-line"} ${entry.current ? "top-4" : ""}`}
                  />
                  <p className={`font-semibold ${entry.current ? "text-ink" : ""}`}>
                    {label(entry.kind, entry.code)}
                    {entry.shipment ? (
                      <span className="ml-2 rounded-button border border-line px-2 py-0.5 text-xs">
                        {label("shipment", entry.shipment)}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm">{t(`tracking.${entry.kind}.${entry.code}.text`)}</p>
                  <p className="text-xs">
                    <time dateTime={entry.createdAt}>{date(entry.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ol>
            {upcoming.length ? (
              <>
                <h3 className="mt-6 text-sm font-semibold uppercase tracking-widest text-muted">
                  {t("tracking.order.upcoming")}
                </h3>
                <ol
                  className="mt-3 space-y-3 border-l-2 border-dashed border-line pl-5 text-muted"
                  data-testid="upcoming"
                >
                  {upcoming.map((code) => (
                    <li key={code} className="relative">
                      <span
                        aria-hidden="true"
                        className="absolute -left-[1.72rem] top-1.5 h-3 w-3 rounded-full border-2 border-line bg-surface"
                      />
                      <p className="font-semibold">{label("status", String(code))}</p>
                    </li>
                  ))}
                </ol>
              </>
            ) : null}
          </section>

          <section aria-labelledby="lines-title" className="rounded-card border border-line bg-surface p-5">
            <h2 id="lines-title" className="text-xl font-bold">
              {t("tracking.order.lines")}
            </h2>
            <ul className="mt-4 divide-y divide-line">
              {order.lines.map((line, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list, never reordered
                  key={index}
                  className="flex items-center gap-4 py-3"
                >
                  {line.designPreview ? (
                    <Picture
                      src={uploadPreviewPath(orderDesignPreviewPath(order.publicId, line.designPreview), 320, "jpg")}
                      format="jpg"
                      alt=""
                      width={64}
                      height={64}
                      className="h-16 w-16 shrink-0 rounded-card bg-brand-soft object-contain"
                      testId="line-design-preview"
                    />
                  ) : (
                    <img
                      src={line.image}
                      alt=""
                      width={64}
                      height={64}
                      loading="lazy"
                      className="h-16 w-16 shrink-0 rounded-card bg-brand-soft"
                    />
                  )}
                  <div className="grow">
                    <p className="font-semibold">
                      {line.quantity} × {line.quantity === 1 ? line.name : line.namePlural}
                    </p>
                    {line.designName ? (
                      <p className="text-sm">{t("cart.line.yourDesign", { name: line.designName })}</p>
                    ) : null}
                    {line.options.length || line.innerPages !== null ? (
                      <p className="text-sm text-muted" data-testid="line-details">
                        {lineDetailsText(t, line)}
                      </p>
                    ) : null}
                  </div>
                  <p className="font-semibold">{money(line.total)}</p>
                </li>
              ))}
            </ul>
            <div className="mt-4 border-t border-line pt-4">
              <OrderTotals totals={order.totals} testId="tracking-totals" />
            </div>
          </section>
        </div>

        <aside className="space-y-8">
          <section
            aria-labelledby="delivery-title"
            className="rounded-card border border-line bg-surface p-5"
            data-testid="delivery"
          >
            <h2 id="delivery-title" className="text-xl font-bold">
              {t("tracking.order.delivery")}
            </h2>
            <p className="mt-2 font-semibold" data-testid="delivery-mode" data-mode={shipment.deliveryMode}>
              {t(`deliveryModes.${shipment.deliveryMode}.name`)}
            </p>
            <p className="text-sm text-muted">{t(`tracking.deliveryType.${shipment.deliveryType}`)}</p>
            {shipment.carrier ? (
              <p className="mt-2">
                {t("tracking.order.carrier")}: <strong>{CARRIER_LABELS[shipment.carrier] ?? shipment.carrier}</strong>
              </p>
            ) : null}
            {order.trackingReference ? (
              <p className="mt-1">
                {t("tracking.order.trackingReference")}:{" "}
                <strong className="font-mono" data-testid="tracking-reference">
                  {order.trackingReference}
                </strong>
              </p>
            ) : shipment.carrier ? (
              <p className="mt-1 text-sm text-muted">{t("tracking.order.referenceLater")}</p>
            ) : null}
            {order.pickupPoint ? (
              <address className="mt-3 not-italic">
                <strong>{order.pickupPoint.name}</strong>
                <br />
                {order.pickupPoint.street}
                <br />
                {order.pickupPoint.postcode} {order.pickupPoint.city}
                <br />
                <span className="text-sm text-muted">
                  {t("tracking.order.openingHours")}: {order.pickupPoint.openingHours}
                </span>
              </address>
            ) : shipment.deliveryType === "FACTORY_PICKUP" ? (
              <p className="mt-3 text-sm">{t("tracking.order.factoryPickup")}</p>
            ) : (
              <address className="mt-3 not-italic">
                <strong>{[contact.firstName, contact.lastName].filter(Boolean).join(" ")}</strong>
                {contact.companyName ? (
                  <>
                    <br />
                    {contact.companyName}
                  </>
                ) : null}
                <br />
                {address.street}
                {address.streetExtra ? `, ${address.streetExtra}` : ""}
                <br />
                {address.postcode} {address.city}
                {address.province ? ` (${address.province})` : ""}
              </address>
            )}
          </section>

          <section aria-labelledby="payment-title" className="rounded-card border border-line bg-surface p-5">
            <h2 id="payment-title" className="text-xl font-bold">
              {t("tracking.order.payment")}
            </h2>
            <p className="mt-2">{PAYMENT_LABELS[order.paymentMethod] ?? order.paymentMethod}</p>
            <p className="mt-1 font-semibold" data-testid="payment-status">
              {t(`tracking.paymentStatus.${order.paymentStatus}`)}
            </p>
            {order.paidAt ? <p className="text-sm text-muted">{date(order.paidAt)}</p> : null}
            {resolvedActions.map((action) => (
              <p key={action.publicId} className="mt-3 text-sm" data-testid="resolved-action">
                {t(`tracking.action.${action.type}.resolved`, { date: date(action.resolvedAt!) })}{" "}
                <Link
                  to={to(`/tracking/${order.publicId}/user_required_actions/${action.publicId}`)}
                  className="font-semibold text-brand"
                >
                  {t("tracking.action.view")}
                </Link>
              </p>
            ))}
          </section>

          <section
            aria-labelledby="help-title"
            className="rounded-card border border-line bg-surface p-5"
            data-testid="help-topics"
            data-topic-set={topicSet}
          >
            <h2 id="help-title" className="text-xl font-bold">
              {t(`tracking.help.${topicSet}`)}
            </h2>
            <ul className="mt-3 space-y-2">
              {topics.map((topic) => (
                <li key={topic.id}>
                  <Link
                    to={to(`/help-center/topic/${topic.slug}_${topic.id}`)}
                    className="inline-flex min-h-11 items-center text-brand-strong"
                  >
                    {topic.title}
                  </Link>
                </li>
              ))}
            </ul>
            <Link to={to("/help-center")} className="mt-2 inline-block text-sm font-semibold text-brand">
              {t("nav.helpCenter")} →
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}

import { useEffect } from "react";
import type { Route } from "./+types/checkout";
import { AddressStep } from "~/components/checkout/address-step";
import { ContactStep } from "~/components/checkout/contact-step";
import { OrderSummary } from "~/components/checkout/order-summary";
import { PaymentStep } from "~/components/checkout/payment-step";
import { ShipmentStep } from "~/components/checkout/shipment-step";
import { StepNav } from "~/components/checkout/step-nav";
import { useShell } from "~/components/use-shell";
import { refusalOf } from "~/components/form/fields";
import { reportInteraction } from "~/lib/analytics/report-event";
import { eventIdFor } from "~/lib/analytics/event-id.server";
import { checkoutPage, checkoutRead, saveCheckoutStep } from "~/lib/checkout/checkout.server";
import { sessionContext } from "~/lib/request/context/keys";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";

export const middleware = [checkoutRead.middleware];

export async function loader(args: Route.LoaderArgs) {
  const page = await checkoutPage(args);
  // One begin_checkout per cart, however often step 1 is shown (docs/decisions/0026).
  const cartId = args.context.get(sessionContext).data.cartId;
  const beginCheckoutId = page.step === 1 && cartId ? await eventIdFor("begin_checkout", cartId) : null;
  return { ...page, beginCheckoutId, title: translate(args.context, "routes.checkout"), noindex: true };
}

export async function action(args: Route.ActionArgs) {
  return saveCheckoutStep(args);
}

export const meta: Route.MetaFunction = pageMeta;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShell();
  const { view, summary } = loaderData;
  // Errors belong to the step they were made in; a later render of another step starts clean.
  const refusal = refusalOf(actionData);
  const failed = refusal?.values.step === String(view.step) ? refusal : undefined;
  const { beginCheckoutId } = loaderData;
  useEffect(() => {
    if (beginCheckoutId) reportInteraction("begin_checkout", beginCheckoutId);
  }, [beginCheckoutId]);
  return (
    <div className="container-page py-6 desktop:py-10">
      <h1 className="text-2xl font-bold tablet:text-3xl">{loaderData.title}</h1>
      <StepNav current={view.step} completed={loaderData.completed} />
      <div className="mt-6 grid gap-6 desktop:grid-cols-[minmax(0,1fr)_22rem] desktop:items-start">
        <div className="desktop:hidden">
          <OrderSummary summary={summary} collapsible />
        </div>
        <section
          aria-labelledby="checkout-step-title"
          className="rounded-card border border-line bg-surface p-4 tablet:p-6"
        >
          <h2 id="checkout-step-title" className="text-xl font-bold">
            {t(`checkout.step${view.step}`)}
          </h2>
          {view.step === 1 ? <ContactStep view={view} mode={loaderData.mode} failed={failed} /> : null}
          {view.step === 2 ? <AddressStep view={view} failed={failed} /> : null}
          {view.step === 3 ? <ShipmentStep view={view} failed={failed} /> : null}
          {view.step === 4 ? <PaymentStep view={view} failed={failed} total={summary.totals.total} /> : null}
        </section>
        <aside className="hidden desktop:block desktop:sticky desktop:top-4">
          <OrderSummary summary={summary} />
        </aside>
      </div>
    </div>
  );
}

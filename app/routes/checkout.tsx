import type { Route } from "./+types/checkout";
import { useShell } from "~/components/use-shell";
import { redirectEmptyCart } from "~/lib/guards/cart.server";
import { CHECKOUT_STEPS } from "~/lib/checkout/steps";
import { allowCustomerMakeOrders, allowLoginOrGuestCheckout, redirectEmptyCustomer } from "~/lib/guards/checkout.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";

export async function loader(args: Route.LoaderArgs) {
  await redirectEmptyCart(args);
  const buyer = allowLoginOrGuestCheckout(args);
  allowCustomerMakeOrders(args);
  redirectEmptyCustomer(args, null);
  return { title: translate(args.context, "routes.checkout"), mode: buyer.mode };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useShell();
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">{loaderData.title}</h1>
      <nav aria-label={t("checkout.steps")} className="mt-6">
        <ol className="grid grid-cols-2 gap-2 tablet:grid-cols-4">
          {CHECKOUT_STEPS.map((step, index) => (
            <li key={step} aria-current={index === 0 ? "step" : undefined} className="rounded-card border border-line bg-surface p-3 aria-[current]:border-brand aria-[current]:font-bold">
              {index + 1}. {t(`checkout.step${index + 1}`)}
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}

import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sandbox-payment";
import { parseForm, readForm } from "~/lib/forms/form.server";
import { useMoney } from "~/components/use-money";
import { useShell } from "~/components/use-shell";
import { brandContext, requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { pageNotFound } from "~/lib/errors";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { ordersApi } from "~/lib/orders/api.server";
import { sandboxWebhookRequest } from "~/lib/payments/sandbox.server";
import { handlePaymentWebhook } from "~/lib/payments/webhook.server";
import type { PaymentEventType } from "@contract/api/orders";

const OUTCOMES = {
  pay: "payment.succeeded",
  decline: "payment.failed",
  cancel: "payment.canceled",
} as const satisfies Record<string, PaymentEventType>;
const choice = z.object({ intent: z.enum(["pay", "decline", "cancel"]) });

/** The attempt, only with the sandbox provider and only for an order of this session. */
async function sandboxPayment({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  if (context.get(requestInfoContext).config.paymentProvider.name !== "sandbox") throw pageNotFound(request);
  const payment = await ordersApi(context).payment(params.payment_id);
  if (!payment || !context.get(sessionContext).data.orderIds.includes(payment.orderPublicId))
    throw pageNotFound(request);
  return payment;
}

export async function loader(args: Route.LoaderArgs) {
  const payment = await sandboxPayment(args);
  return {
    title: translate(args.context, "orders.sandbox.title"),
    merchant: args.context.get(brandContext).name,
    payment,
  };
}

/**
 * Plays the provider's server: signs the outcome's webhook, delivers it (in-process, as a real request), returns the
 * shopper.
 */
export async function action(args: Route.ActionArgs) {
  const payment = await sandboxPayment(args);
  const back = localRedirect(args.context, `/checkout/payment-return?payment=${encodeURIComponent(payment.id)}`, 303);
  const form = parseForm(choice, await readForm(args));
  if (!form.ok || payment.status !== "PENDING") return back;
  const { config } = args.context.get(requestInfoContext);
  const webhook = await sandboxWebhookRequest(
    config.paymentWebhookSecret,
    new URL("/api/payments/webhook", args.request.url),
    payment.id,
    OUTCOMES[form.value.intent],
  );
  const delivered = await handlePaymentWebhook(webhook, args.context);
  if (!delivered.ok) throw new Error(`Sandbox webhook refused: HTTP ${delivered.status}`);
  return back;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "" },
  { name: "robots", content: "noindex" },
];

export default function SandboxPayment({ loaderData }: Route.ComponentProps) {
  const { t } = useShell();
  const money = useMoney();
  const navigation = useNavigation();
  const { payment, merchant } = loaderData;
  const busy = navigation.state !== "idle";
  return (
    <main id="main" className="flex min-h-dvh items-start justify-center bg-page px-4 py-8 tablet:items-center">
      <div className="w-full max-w-md rounded-card border border-line bg-surface p-6 shadow-sm">
        <p
          role="note"
          className="rounded-card border-2 border-dashed border-amber-700 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
        >
          {t("orders.sandbox.notice")}
        </p>
        <h1 className="mt-5 text-2xl font-bold">{loaderData.title}</h1>
        <dl className="mt-4 space-y-2">
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t("orders.sandbox.merchant")}</dt>
            <dd className="font-semibold">{merchant}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t("orders.sandbox.reference")}</dt>
            <dd className="font-mono font-semibold" data-testid="sandbox-reference">
              {payment.orderPublicId}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t("orders.sandbox.method")}</dt>
            <dd className="font-semibold">{t(`orders.methods.${payment.method}`)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-line pt-3 text-lg">
            <dt className="font-semibold">{t("orders.sandbox.amount")}</dt>
            <dd className="font-bold" data-testid="sandbox-amount">
              {money(payment.amount)}
            </dd>
          </div>
        </dl>
        {payment.status === "PENDING" ? (
          <Form method="post" className="mt-6 grid gap-3">
            <button type="submit" name="intent" value="pay" disabled={busy} className="button-primary w-full">
              {t("orders.sandbox.pay", { amount: money(payment.amount) })}
            </button>
            <button type="submit" name="intent" value="decline" disabled={busy} className="button-secondary w-full">
              {t("orders.sandbox.decline")}
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={busy}
              className="min-h-11 w-full font-semibold text-muted underline underline-offset-4"
            >
              {t("orders.sandbox.cancel")}
            </button>
          </Form>
        ) : (
          <Form method="post" className="mt-6">
            <p role="status" className="font-semibold">
              {t("orders.sandbox.closed")}
            </p>
            <button type="submit" className="button-secondary mt-3 w-full">
              {t("orders.sandbox.back", { merchant })}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}

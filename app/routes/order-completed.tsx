import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import { newAccountParams } from "@contract/api/accounts";
import { NewPasswordField } from "~/components/auth/password-field";
import { CheckboxField, FormAlert, refusalOf, SubmitButton } from "~/components/form/fields";
import { accountsApi } from "~/lib/accounts/api.server";
import { RETRY_AFTER_SECONDS, withinLimits } from "~/lib/auth/rate-limit.server";
import { offersPassword } from "~/lib/auth/providers.server";
import { signIn } from "~/lib/auth/session-customer.server";
import { formPageHeaders, parseForm, readForm, refuse } from "~/lib/forms/form.server";
import type { Route } from "./+types/order-completed";
import { OrderSummary } from "~/components/orders/order-summary";
import { OfflinePaymentInstructions } from "~/components/orders/offline-payment-instructions";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { brandContext, localeContext, sessionContext } from "~/lib/request/context/keys";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { ordersApi } from "~/lib/orders/api.server";
import { eventIdFor } from "~/lib/analytics/event-id.server";
import { reportInteraction } from "~/lib/analytics/report-event";
import { analyticsCartLines } from "~/lib/orders/analytics";
import { OFFLINE_PAYMENT_DETAILS } from "@contract/brands/offline-payment";
import { PUBLIC_ID_PATTERN } from "@contract/api/orders";
import { pageUrl } from "~/lib/request/routing/page-url";

/**
 * The order this session placed, from the `order` parameter; anyone else is sent to the tracking page (which asks for
 * proof).
 */
function ownOrderId({ request, context }: Pick<Route.LoaderArgs, "request" | "context">) {
  const publicId = pageUrl(request).searchParams.get("order") ?? "";
  if (!PUBLIC_ID_PATTERN.test(publicId) || !context.get(sessionContext).data.orderIds.includes(publicId))
    throw localRedirect(context, "/tracking");
  return publicId;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const publicId = ownOrderId({ request, context });
  const session = context.get(sessionContext);
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
    // One purchase per order: a reload sends the same event id, which the consumer ignores (docs/decisions/0026).
    purchaseId: await eventIdFor("purchase", publicId),
    /** A guest may keep this order in a new account; a signed-in shopper has it in theirs already. */
    account: session.data.customer
      ? pageUrl(request).searchParams.get("account") === "created"
        ? ("created" as const)
        : ("signedIn" as const)
      : offersPassword(context)
        ? ("guest" as const)
        : ("none" as const),
  };
}

const accountForm = z.object({
  password: z.string().max(200),
  consent: z.literal("on", { message: "auth.errors.consent" }),
});

/**
 * A guest who just paid creates an account with the order's contact details and a password: signed in at once, and
 * the order (placed in this browser, to this e-mail) joins the account at sign-in.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const publicId = ownOrderId(args);
  const values = await readForm(args);
  const echo = { ...values, password: "" };
  if (context.get(sessionContext).data.customer || !offersPassword(context))
    throw localRedirect(context, `/order-completed?order=${publicId}`, 303);
  const order = await ordersApi(context).order(publicId);
  if (!order) throw localRedirect(context, "/tracking", 303);
  const { contact } = order;
  const fields = {
    email: order.email,
    password: values.password ?? "",
    first_name: contact.firstName,
    last_name: contact.lastName,
    customer_type: contact.customerType,
    company_name: contact.companyName ?? "",
    tax_id: contact.taxId ?? "",
  };
  const agreed = parseForm(accountForm, values);
  const account = parseForm(newAccountParams, {
    ...fields,
    site: context.get(brandContext).slug,
    locale: context.get(localeContext),
  });
  if (!agreed.ok || !account.ok)
    return refuse(
      echo,
      { ...(agreed.ok ? {} : agreed.fieldErrors), ...(account.ok ? {} : account.fieldErrors) },
      "auth.errors.fixErrors",
    );
  if (!(await withinLimits(context, request, "signup", order.email))) {
    return refuse(echo, {}, "auth.errors.rateLimited", 429, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  const created = await accountsApi(context).create(account.value);
  if (!created.ok)
    return refuse(
      echo,
      created.fieldErrors,
      created.fieldErrors.email === "auth.errors.emailTaken"
        ? "orders.completed.account.exists"
        : "auth.errors.fixErrors",
    );
  await signIn(context, created.value);
  throw localRedirect(context, `/order-completed?order=${publicId}&account=created`, 303);
}

export const headers: Route.HeadersFunction = formPageHeaders;
export const meta: Route.MetaFunction = pageMeta;

/** Keep the order in an account: only a password to choose, the rest comes from the order. */
function KeepInAccount({ email, refusal }: { email: string; refusal: ReturnType<typeof refusalOf> }) {
  const { t, to } = useShell();
  const busy = useNavigation().state !== "idle";
  const exists = refusal?.formError === "orders.completed.account.exists";
  return (
    <section
      aria-labelledby="order-account"
      className="rounded-card border border-line bg-surface p-5"
      data-testid="order-account"
    >
      <h2 id="order-account" className="text-lg font-bold">
        {t("orders.completed.account.title")}
      </h2>
      <p className="mt-1 text-muted">{t("orders.completed.account.intro", { email })}</p>
      {exists ? (
        <p role="alert" className="mt-3 font-semibold">
          {t("orders.completed.account.exists")}{" "}
          <Link
            to={`${to("/login")}?redirectTo=${encodeURIComponent(to("/accounts/orders"))}`}
            className="text-brand-strong"
          >
            {t("auth.signIn.submit")}
          </Link>
        </p>
      ) : (
        <>
          <FormAlert form="keep" refusal={refusal} />
          <Form method="post" noValidate className="mt-3 space-y-4">
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <NewPasswordField
              form="keep"
              name="password"
              label={t("auth.signUp.password")}
              error={refusal?.fieldErrors.password}
              personal={() => [email]}
            />
            <CheckboxField
              form="keep"
              name="consent"
              label={t("auth.signUp.consent")}
              error={refusal?.fieldErrors.consent}
            />
            <SubmitButton busy={busy} className="w-full">
              {t("orders.completed.account.submit")}
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}

export default function OrderCompleted({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const { order, bank, helpTopics, purchaseId } = loaderData;
  useEffect(() => reportInteraction("purchase", purchaseId), [purchaseId]);
  const offline = order.paymentType !== "ONLINE_PREPAID";
  const next =
    offline && order.paymentStatus === "PENDING"
      ? ["pay", "production", "delivery"]
      : ["production", "delivery", "email"];
  return (
    <div className="container-page py-8 tablet:py-12">
      <header className="rounded-card bg-brand-soft p-6">
        <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
        <p className="mt-2 text-lg">
          {t("orders.completed.reference")}{" "}
          <strong className="font-mono" data-testid="order-public-id">
            {order.publicId}
          </strong>
        </p>
        <p className="mt-1 text-muted">{t("orders.completed.emailSent", { email: order.email })}</p>
        <p className="mt-3 font-semibold" data-testid="order-payment-status">
          {t(`orders.paymentStatus.${order.paymentStatus}`)}
        </p>
      </header>

      <div className="mt-8 grid gap-8 desktop:grid-cols-[2fr_1fr]">
        <div className="space-y-8">
          {bank && order.paymentStatus === "PENDING" ? <OfflinePaymentInstructions order={order} bank={bank} /> : null}
          <OrderSummary order={order} />
        </div>
        <aside className="space-y-8">
          {loaderData.account === "guest" ? (
            <KeepInAccount email={order.email} refusal={refusalOf(actionData)} />
          ) : null}
          {loaderData.account === "created" ? (
            <p
              role="status"
              className="rounded-card bg-brand-soft p-5 font-semibold"
              data-testid="order-account-created"
            >
              {t("orders.completed.account.created")}{" "}
              <Link to={to("/accounts/orders")} className="text-brand-strong">
                {t("orders.completed.account.orders")}
              </Link>
            </p>
          ) : null}
          <section aria-labelledby="order-next" className="rounded-card border border-line bg-surface p-5">
            <h2 id="order-next" className="text-lg font-bold">
              {t("orders.completed.nextTitle")}
            </h2>
            <ol className="mt-3 list-decimal space-y-2 ps-5">
              {next.map((step) => (
                <li key={step}>{t(`orders.completed.next.${step}`)}</li>
              ))}
            </ol>
            <Link
              to={to(`/tracking/${order.publicId}`)}
              className="button-primary mt-5 w-full"
              data-testid="order-tracking-link"
            >
              {t("orders.completed.track")}
            </Link>
          </section>
          {helpTopics.length ? (
            <section aria-labelledby="order-help" className="rounded-card border border-line bg-surface p-5">
              <h2 id="order-help" className="text-lg font-bold">
                {t("orders.completed.helpTitle")}
              </h2>
              <ul className="mt-3 space-y-1" data-testid="order-help-topics">
                {helpTopics.map((topic) => (
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
            </section>
          ) : null}
        </aside>
      </div>
      {/* The purchase's lines for the analytics tags, in the spec's cart-line shape. */}
      <script
        type="application/json"
        id="analytics-cart-lines"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of the order's own lines, with "<" escaped, as data for the tags
        dangerouslySetInnerHTML={{ __html: JSON.stringify(loaderData.analyticsCartLines).replace(/</g, "\\u003c") }}
      />
    </div>
  );
}

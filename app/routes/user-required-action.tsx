import { useFocusOnError } from "~/components/use-focus-on-error";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/user-required-action";
import { useShell } from "~/components/use-shell";
import { brandContext } from "~/lib/context";
import { pageNotFound } from "~/lib/errors";
import { localRedirect } from "~/lib/guards/redirect.server";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";
import { refundDataSchema } from "@contract/api/orders";
import { parseParams, routeParams } from "~/lib/route-params";
import { requireTrackedOrder } from "~/lib/tracking/access.server";
import { trackingApi } from "~/lib/tracking/api.server";
import { formatDateTime } from "~/lib/tracking/timeline";

type Field = "holder" | "iban";
type AnswerResult = { values: Record<Field, string>; errors?: Partial<Record<Field, string>>; formError?: string };

async function loadAction(args: Route.LoaderArgs | Route.ActionArgs) {
  const params = parseParams(args.request, { public_id: routeParams.publicId, user_required_action_public_id: routeParams.publicId }, args.params);
  const order = await requireTrackedOrder(args, params.public_id);
  const action = order.userRequiredActions.find((item) => item.publicId === params.user_required_action_public_id);
  if (!action) throw pageNotFound(args.request);
  return { order, action };
}

export async function loader(args: Route.LoaderArgs) {
  const { order, action } = await loadAction(args);
  return {
    title: translate(args.context, "routes.userRequiredAction", { publicId: order.publicId }),
    noindex: true,
    publicId: order.publicId,
    action,
    country: args.context.get(brandContext).country,
  };
}

export async function action(args: Route.ActionArgs) {
  const { order, action } = await loadAction(args);
  const form = await args.request.formData();
  const values = { holder: String(form.get("holder") ?? "").trim(), iban: String(form.get("iban") ?? "").trim() };
  const alreadyAnswered = () => Response.json({ values, formError: translate(args.context, "tracking.refund.alreadyAnswered") } satisfies AnswerResult, { status: 409 });
  if (action.resolvedAt) return alreadyAnswered();
  const parsed = refundDataSchema.safeParse(values);
  if (!parsed.success) {
    // The contract's messages are checkout.errors.* keys; this page words them for a refund.
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= translate(args.context, `tracking.refund.errors.${issue.message.split(".").at(-1)}`);
    return Response.json({ values, errors } satisfies AnswerResult, { status: 400 });
  }
  const stored = await trackingApi(args.context).answerRefund(order.publicId, action.publicId, parsed.data);
  if (stored === "alreadyAnswered") return alreadyAnswered();
  throw localRedirect(args.context, `/tracking/${order.publicId}/user_required_actions/${action.publicId}`, 303);
}

export const meta: Route.MetaFunction = pageMeta;

export default function UserRequiredAction({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useShell();
  const navigation = useNavigation();
  const { action, publicId, country } = loaderData;
  const result = actionData as AnswerResult | undefined;
  const failed = Boolean(result?.errors || result?.formError);
  const summary = useFocusOnError(result, failed);
  const field = (name: Field, autoComplete: string) => {
    const error = result?.errors?.[name];
    const id = `refund-${name}`;
    return (
      <div>
        <label htmlFor={id} className="block font-semibold">{t(`tracking.refund.${name}`)}</label>
        <input
          id={id}
          name={name}
          autoComplete={autoComplete}
          defaultValue={result?.values[name] ?? ""}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`mt-1 min-h-11 w-full rounded-button border-2 border-line bg-surface px-3 aria-[invalid]:border-red-700 ${name === "iban" ? "font-mono uppercase" : ""}`}
        />
        {error ? <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">{error}</p> : null}
      </div>
    );
  };
  return (
    <div className="container-page max-w-xl py-10">
      <p className="text-sm">
        <Link to={to(`/tracking/${publicId}`)} className="font-semibold text-brand">← {t("tracking.refund.backToOrder", { publicId })}</Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{t(`tracking.action.${action.type}.title`)}</h1>
      {action.resolvedAt ? (
        <div role="status" className="mt-6 rounded-card bg-brand-soft p-5" data-testid="action-resolved">
          <p className="font-semibold">{t(`tracking.action.${action.type}.resolved`, { date: formatDateTime(action.resolvedAt, LOCALE_TAGS[locale], country) })}</p>
          {action.answer ? (
            <dl className="mt-3 space-y-1">
              <div><dt className="inline font-semibold">{t("tracking.refund.holder")}: </dt><dd className="inline">{action.answer.holder}</dd></div>
              <div><dt className="inline font-semibold">{t("tracking.refund.iban")}: </dt><dd className="inline font-mono" data-testid="masked-iban">{action.answer.ibanMasked}</dd></div>
            </dl>
          ) : null}
          {result?.formError ? <p className="mt-3 text-sm">{result.formError}</p> : null}
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted">{t(`tracking.action.${action.type}.text`)}</p>
          {failed ? (
            <div ref={summary} tabIndex={-1} role="alert" className="mt-6 rounded-card border-2 border-red-700 bg-surface p-4 font-semibold text-red-800" data-testid="refund-error">
              {result?.formError ?? t("tracking.refund.fixErrors")}
            </div>
          ) : null}
          <Form method="post" noValidate className="mt-6 rounded-card border border-line bg-surface p-5">
            <fieldset className="space-y-4">
              <legend className="text-lg font-bold">{t("tracking.refund.legend")}</legend>
              {field("holder", "name")}
              {field("iban", "off")}
              <p className="text-sm text-muted">{t("tracking.refund.onlyOnce")}</p>
              <button type="submit" disabled={navigation.state !== "idle"} className="button-primary w-full tablet:w-auto">{t("tracking.refund.submit")}</button>
            </fieldset>
          </Form>
        </>
      )}
    </div>
  );
}

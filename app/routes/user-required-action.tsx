import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/user-required-action";
import { FormAlert, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { useShell } from "~/components/use-shell";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { brandContext } from "~/lib/request/context/keys";
import { pageNotFound } from "~/lib/errors";
import { localRedirect } from "~/lib/guards/redirect.server";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { refundDataSchema } from "@contract/api/orders";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";
import { requireTrackedOrder } from "~/lib/tracking/access.server";
import { trackingApi } from "~/lib/tracking/api.server";
import { formatDateTime } from "~/lib/tracking/timeline";

async function loadAction(args: Route.LoaderArgs | Route.ActionArgs) {
  const params = parseParams(
    args.request,
    { public_id: routeParams.publicId, user_required_action_public_id: routeParams.publicId },
    args.params,
  );
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
  const values = await readForm(args);
  const alreadyAnswered = () => refuse(values, {}, "tracking.refund.alreadyAnswered", 409);
  if (action.resolvedAt) return alreadyAnswered();
  // The contract's messages are checkout.errors.* keys; this page words them for a refund.
  const parsed = parseForm(
    refundDataSchema,
    { holder: values.holder ?? "", iban: values.iban ?? "" },
    (message) => `tracking.refund.errors.${message.split(".").at(-1)}`,
  );
  if (!parsed.ok) return refuse(values, parsed.fieldErrors);
  const stored = await trackingApi(args.context).answerRefund(order.publicId, action.publicId, parsed.value);
  if (stored === "alreadyAnswered") return alreadyAnswered();
  throw localRedirect(args.context, `/tracking/${order.publicId}/user_required_actions/${action.publicId}`, 303);
}

export const meta: Route.MetaFunction = pageMeta;

export default function UserRequiredAction({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useShell();
  const navigation = useNavigation();
  const { action, publicId, country } = loaderData;
  const refusal = refusalOf(actionData);
  return (
    <div className="container-page max-w-xl py-10">
      <p className="text-sm">
        <Link to={to(`/tracking/${publicId}`)} className="font-semibold text-brand">
          ← {t("tracking.refund.backToOrder", { publicId })}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{t(`tracking.action.${action.type}.title`)}</h1>
      {action.resolvedAt ? (
        <div role="status" className="mt-6 rounded-card bg-brand-soft p-5" data-testid="action-resolved">
          <p className="font-semibold">
            {t(`tracking.action.${action.type}.resolved`, {
              date: formatDateTime(action.resolvedAt, LOCALE_TAGS[locale], country),
            })}
          </p>
          {action.answer ? (
            <dl className="mt-3 space-y-1">
              <div>
                <dt className="inline font-semibold">{t("tracking.refund.holder")}: </dt>
                <dd className="inline">{action.answer.holder}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">{t("tracking.refund.iban")}: </dt>
                <dd className="inline font-mono" data-testid="masked-iban">
                  {action.answer.ibanMasked}
                </dd>
              </div>
            </dl>
          ) : null}
          {refusal?.formError ? <p className="mt-3 text-sm">{t(refusal.formError)}</p> : null}
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted">{t(`tracking.action.${action.type}.text`)}</p>
          <FormAlert form="refund" refusal={refusal} fixFieldsMessage="tracking.refund.fixErrors" />
          <Form method="post" noValidate className="mt-6 rounded-card border border-line bg-surface p-5">
            <fieldset className="space-y-4">
              <legend className="text-lg font-bold">{t("tracking.refund.legend")}</legend>
              <TextField
                form="refund"
                name="holder"
                autoComplete="name"
                spellCheck={false}
                label={t("tracking.refund.holder")}
                defaultValue={refusal?.values.holder ?? ""}
                error={refusal?.fieldErrors.holder}
              />
              <TextField
                form="refund"
                name="iban"
                autoComplete="off"
                spellCheck={false}
                inputClassName="font-mono uppercase"
                label={t("tracking.refund.iban")}
                defaultValue={refusal?.values.iban ?? ""}
                error={refusal?.fieldErrors.iban}
              />
              <p className="text-sm text-muted">{t("tracking.refund.onlyOnce")}</p>
              <SubmitButton busy={navigation.state !== "idle"} className="w-full tablet:w-auto">
                {t("tracking.refund.submit")}
              </SubmitButton>
            </fieldset>
          </Form>
        </>
      )}
    </div>
  );
}

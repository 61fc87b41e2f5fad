import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/tracking";
import { FormAlert, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { useShell } from "~/components/use-shell";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { trackingRedirectIfLogged } from "~/lib/guards/visitor-redirects.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { pageUrl } from "~/lib/request/routing/page-url";
import { routeParams } from "~/lib/request/routing/route-params";
import { isEmail } from "@contract/rules/email";
import { rememberOrder } from "~/lib/tracking/access.server";
import { trackingApi } from "~/lib/tracking/api.server";

const lookupForm = z.object({
  // Order numbers are upper case (ES-7K3M9Q2X); read out or typed, they often are not.
  public_id: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, "tracking.lookup.errors.publicIdRequired")
    .refine((value) => routeParams.publicId.safeParse(value).success, "tracking.lookup.errors.publicIdInvalid"),
  email: z
    .string()
    .trim()
    .min(1, "tracking.lookup.errors.emailRequired")
    .refine(isEmail, "tracking.lookup.errors.emailInvalid"),
});

export function loader(args: Route.LoaderArgs) {
  trackingRedirectIfLogged(args);
  const asked = pageUrl(args.request).searchParams.get("public_id") ?? "";
  const publicId = routeParams.publicId.safeParse(asked).success ? asked : "";
  return { title: translate(args.context, "routes.tracking"), path: "/tracking", publicId };
}

export async function action(args: Route.ActionArgs) {
  trackingRedirectIfLogged(args);
  const values = await readForm(args);
  const parsed = parseForm(lookupForm, { public_id: values.public_id ?? "", email: values.email ?? "" });
  if (!parsed.ok) return refuse(values, parsed.fieldErrors);
  const publicId = await trackingApi(args.context).lookup(parsed.value.public_id, parsed.value.email);
  if (!publicId) return refuse(values, {}, "tracking.lookup.notFound");
  rememberOrder(args, publicId);
  throw localRedirect(args.context, `/tracking/${encodeURIComponent(publicId)}`, 303);
}

export const meta: Route.MetaFunction = pageMeta;

export default function Tracking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShell();
  const navigation = useNavigation();
  const refusal = refusalOf(actionData);
  return (
    <div className="container-page max-w-xl py-10">
      <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
      <p className="mt-2 text-muted">{t("tracking.lookup.intro")}</p>
      {loaderData.publicId && !refusal ? (
        <p role="status" className="mt-6 rounded-card bg-brand-soft p-4" data-testid="tracking-notice">
          {t("tracking.lookup.confirmEmail", { publicId: loaderData.publicId })}
        </p>
      ) : null}
      <FormAlert form="tracking" refusal={refusal} fixFieldsMessage="tracking.lookup.fixErrors" />
      <Form method="post" noValidate className="mt-6 space-y-4 rounded-card border border-line bg-surface p-5">
        <TextField
          form="tracking"
          name="public_id"
          autoComplete="off"
          label={t("tracking.lookup.public_id")}
          hint={t("tracking.lookup.publicIdHint")}
          defaultValue={refusal?.values.public_id ?? loaderData.publicId}
          error={refusal?.fieldErrors.public_id}
        />
        <TextField
          form="tracking"
          name="email"
          type="email"
          autoComplete="email"
          label={t("tracking.lookup.email")}
          defaultValue={refusal?.values.email ?? ""}
          error={refusal?.fieldErrors.email}
        />
        <SubmitButton busy={navigation.state !== "idle"} className="w-full tablet:w-auto">
          {t("tracking.lookup.submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}

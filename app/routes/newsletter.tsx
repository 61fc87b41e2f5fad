import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/newsletter";
import { CheckboxField, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { useShell } from "~/components/use-shell";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { subscribeToNewsletter } from "~/lib/newsletter/subscribe.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { isEmail } from "@contract/rules/email";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = pageUrl(request).searchParams.get("token");
  return {
    title: translate(context, "routes.newsletter"),
    description: translate(context, "newsletter.description"),
    path: "/newsletter",
    confirmToken: token && /^[a-f0-9]{32}$/.test(token) ? token : null,
  };
}

const subscribeForm = z.object({
  email: z
    .string({ message: "newsletter.invalidEmail" })
    .trim()
    .toLowerCase()
    .max(254, "newsletter.invalidEmail")
    .refine(isEmail, "newsletter.invalidEmail"),
  consent: z.literal("on", { message: "newsletter.consentRequired" }),
});
const confirmForm = z.object({ intent: z.literal("confirm"), token: z.string().regex(/^[a-f0-9]{32}$/) });

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const values = await readForm(args);
  const catalogue = catalogueApi(context);
  const confirm = parseForm(confirmForm, values);
  if (confirm.ok) {
    const result = await catalogue.confirmSubscription(confirm.value.token);
    return { ok: true as const, state: result.ok ? ("confirmed" as const) : ("invalidLink" as const), email: "" };
  }
  const parsed = parseForm(subscribeForm, values);
  if (!parsed.ok) return refuse(values, parsed.fieldErrors);
  const { email } = parsed.value;
  const result = await subscribeToNewsletter(context, request, email);
  return {
    ok: true as const,
    state: result.status === "CONFIRMED" ? ("alreadySubscribed" as const) : ("checkInbox" as const),
    email,
  };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShell();
  const navigation = useNavigation();
  const refusal = refusalOf(actionData);
  const done = actionData?.ok ? actionData : undefined;
  const busy = navigation.state !== "idle";
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold">{loaderData.title}</h1>
      <p className="mt-2 text-muted">{loaderData.description}</p>
      {done ? (
        <p role="status" className="mt-6 rounded-card bg-brand-soft p-5 font-semibold" data-testid="newsletter-status">
          {t(`newsletter.${done.state}`, { email: done.email })}
        </p>
      ) : loaderData.confirmToken ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={loaderData.confirmToken} />
          <p>{t("newsletter.confirmText")}</p>
          <button type="submit" disabled={busy} className="button-primary mt-4">
            {t("newsletter.confirm")}
          </button>
        </Form>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-4">
          <input type="hidden" name="intent" value="subscribe" />
          <TextField
            form="newsletter"
            name="email"
            type="email"
            autoComplete="email"
            label={t("newsletter.email")}
            defaultValue={refusal?.values.email ?? ""}
            error={refusal?.fieldErrors.email}
          />
          <CheckboxField
            form="newsletter"
            name="consent"
            label={t("newsletter.consent")}
            error={refusal?.fieldErrors.consent}
          />
          <SubmitButton busy={busy} className="">
            {t("newsletter.subscribe")}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}

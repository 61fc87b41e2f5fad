import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/password-reset";
import { isEmail } from "@contract/rules/email";
import { NewPasswordField } from "~/components/auth/password-field";
import { FormAlert, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { useShell } from "~/components/use-shell";
import { accountsApi } from "~/lib/accounts/api.server";
import { requirePasswordSignIn } from "~/lib/auth/providers.server";
import { RETRY_AFTER_SECONDS, withinLimits } from "~/lib/auth/rate-limit.server";
import { signIn } from "~/lib/auth/session-customer.server";
import { formPageHeaders, parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { requireAnonymous } from "~/lib/guards/auth.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { sessionContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";

const TOKEN = /^[0-9a-f]{64}$/;
const requestForm = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "auth.errors.required")
    .max(254, "auth.errors.tooLong")
    .refine(isEmail, "auth.errors.email"),
});
const resetForm = z.object({
  token: z.string().regex(TOKEN),
  password: z.string().min(1, "auth.errors.required").max(200, "auth.errors.tooLong"),
});

type PasswordLink = { email: string; firstName: string; invited: boolean };

/**
 * Three states: ask for a link; the link's own page (choose the password, or an invited member's first one); a spent
 * or expired link, with the form to ask for another.
 */
export async function loader(args: Route.LoaderArgs) {
  requireAnonymous(args);
  requirePasswordSignIn(args);
  const token = pageUrl(args.request).searchParams.get("token");
  const link: PasswordLink | null =
    token && TOKEN.test(token) ? await accountsApi(args.context).passwordToken(token) : null;
  return {
    title: translate(args.context, "routes.passwordReset"),
    noindex: true,
    token: link ? token : null,
    link,
    spent: token !== null && !link,
  };
}

export async function action(args: Route.ActionArgs) {
  requirePasswordSignIn(args);
  const { request, context } = args;
  const values = await readForm(args);
  const echo = { ...values, password: "" };
  const origin = pageUrl(request).origin;
  if (values.intent === "reset") {
    const parsed = parseForm(resetForm, values);
    if (!parsed.ok) return refuse(echo, parsed.fieldErrors, "auth.errors.fixErrors");
    const result = await accountsApi(context).resetPassword(parsed.value.token, parsed.value.password, origin);
    if (!result) return refuse(echo, {}, "auth.reset.spent", 410);
    if (!result.ok) return refuse(echo, result.fieldErrors, "auth.errors.fixErrors");
    // Signed in here, and out everywhere else: whoever knew the old password is shut out.
    await signIn(context, result.value);
    await context.get(sessionContext).endOtherSessionsOf(result.value.id);
    return localRedirect(context, "/accounts/home?notice=passwordChanged", 303);
  }
  const parsed = parseForm(requestForm, values);
  if (!parsed.ok) return refuse(echo, parsed.fieldErrors, "auth.errors.fixErrors");
  if (!(await withinLimits(context, request, "reset", parsed.value.email))) {
    return refuse(echo, {}, "auth.errors.rateLimited", 429, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  await accountsApi(context).requestPasswordReset(parsed.value.email, origin);
  return { sent: parsed.value.email };
}

export const headers: Route.HeadersFunction = formPageHeaders;
export const meta: Route.MetaFunction = pageMeta;

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const busy = useNavigation().state !== "idle";
  const refusal = refusalOf(actionData);
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  const spent = loaderData.spent || refusal?.formError === "auth.reset.spent";
  const link = spent ? null : loaderData.link;
  return (
    <div className="space-y-6 p-5 tablet:p-8">
      <h1 className="text-3xl font-bold">{link?.invited ? t("auth.reset.welcomeTitle") : loaderData.title}</h1>
      {link && loaderData.token ? (
        <>
          <p className="text-muted">
            {t(link.invited ? "auth.reset.welcome" : "auth.reset.choose", { name: link.firstName, email: link.email })}
          </p>
          <FormAlert form="reset" refusal={refusal} />
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="token" value={loaderData.token} />
            {/* Lets a password manager store the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
            <NewPasswordField
              form="reset"
              name="password"
              label={t("auth.reset.newPassword")}
              error={refusal?.fieldErrors.password}
              personal={() => [link.email, link.firstName]}
            />
            <SubmitButton busy={busy}>{t(link.invited ? "auth.reset.activate" : "auth.reset.save")}</SubmitButton>
          </Form>
        </>
      ) : sent ? (
        <div role="status" className="rounded-card border-2 border-brand bg-brand-soft p-4" data-testid="reset-sent">
          <p className="font-semibold">{t("auth.reset.sentTitle")}</p>
          <p className="mt-1">{t("auth.reset.sent", { email: sent })}</p>
        </div>
      ) : (
        <>
          {spent ? (
            <p
              role="alert"
              className="rounded-card border-2 border-red-700 bg-surface p-4 font-semibold text-red-800"
              data-testid="reset-spent"
            >
              {t("auth.reset.spent")}
            </p>
          ) : (
            <p className="text-muted">{t("auth.reset.intro")}</p>
          )}
          {refusal?.formError === "auth.reset.spent" ? null : <FormAlert form="request" refusal={refusal} />}
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="request" />
            <TextField
              form="request"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              label={t("auth.signIn.email")}
              defaultValue={refusal?.values.email ?? ""}
              error={refusal?.fieldErrors.email}
              required
            />
            <SubmitButton busy={busy}>{t("auth.reset.send")}</SubmitButton>
          </Form>
        </>
      )}
      <p>
        <Link to={to("/login")} className="font-semibold text-brand-strong">
          {t("auth.reset.back")}
        </Link>
      </p>
    </div>
  );
}

import { data, Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/login";
import { newAccountParams, taxIdProblem } from "@contract/api/accounts";
import { NewPasswordField } from "~/components/auth/password-field";
import { ProviderSignIn } from "~/components/auth/provider-sign-in";
import { CheckboxField, FormAlert, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { useShell } from "~/components/use-shell";
import { accountsApi } from "~/lib/accounts/api.server";
import { callbackPath } from "~/lib/auth/callback-url.server";
import { csrfToken } from "~/lib/auth/csrf-token.server";
import { offersPassword, signInProviders } from "~/lib/auth/providers.server";
import { RETRY_AFTER_SECONDS, withinLimits } from "~/lib/auth/rate-limit.server";
import { signIn } from "~/lib/auth/session-customer.server";
import { signInWithPassword } from "~/lib/auth/sign-in.server";
import { formPageHeaders, parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { loginRedirectionByCart } from "~/lib/guards/cart.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { brandContext, localeContext, requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";

const signInForm = z.object({
  email: z.string().trim().min(1, "auth.errors.required").max(254, "auth.errors.tooLong"),
  password: z.string().min(1, "auth.errors.required").max(200, "auth.errors.tooLong"),
});
const consentForm = z.object({ consent: z.literal("on", { message: "auth.errors.consent" }) });
/** What /api/auth sends back here (Auth.js's error codes), and why someone was sent to sign in. */
const NOTICES = {
  CredentialsSignin: "auth.errors.credentials",
  OAuthCallbackError: "auth.errors.oauth",
  SessionRequired: "auth.errors.sessionRequired",
  AccessDenied: "auth.errors.accessDenied",
  AccountDeleted: "auth.accountDeleted",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const url = pageUrl(request);
  if (context.get(sessionContext).data.customer)
    throw await loginRedirectionByCart(args, url.searchParams.get("redirectTo") ?? url.searchParams.get("callbackUrl"));
  const { config } = context.get(requestInfoContext);
  const back = callbackPath(
    request,
    url.searchParams.get("redirectTo") ?? url.searchParams.get("callbackUrl") ?? undefined,
  );
  const error = url.searchParams.get("error");
  const offered = signInProviders(context);
  const other = offered.find((provider) => provider.type === "oidc");
  const { token, setCookie } = await csrfToken(request, config.sessionPassword ?? "");
  return data(
    {
      title: translate(context, "routes.login"),
      noindex: true,
      redirectTo: back && back !== "/" ? back : "",
      notice: error && error in NOTICES ? NOTICES[error as keyof typeof NOTICES] : null,
      /** Signing in (and creating an account) with an e-mail and a password. */
      password: offered.some((provider) => provider.type === "credentials"),
      provider: other ? { id: other.id, name: other.name, csrfToken: token } : null,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export const headers: Route.HeadersFunction = formPageHeaders;

/** Signing in, or creating an account and signing in; then on to checkout (with a cart), back, or the account. */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  // A page from before passwords were withdrawn here: this one says how to sign in now.
  if (!offersPassword(context)) throw localRedirect(context, "/login", 303);
  const values = await readForm(args);
  // What is sent back to show the form again: never the password.
  const echo = { ...values, password: "" };
  const limited = () =>
    refuse(echo, {}, "auth.errors.rateLimited", 429, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  if (values.intent === "signup") {
    const brand = context.get(brandContext);
    const account = parseForm(newAccountParams, { ...values, site: brand.slug, locale: context.get(localeContext) });
    const agreed = parseForm(consentForm, values);
    const taxId = values.customer_type === "COMPANY" ? taxIdProblem(brand.country, values.tax_id?.trim()) : null;
    if (!account.ok || !agreed.ok || taxId) {
      return refuse(
        echo,
        {
          ...(account.ok ? {} : account.fieldErrors),
          ...(agreed.ok ? {} : agreed.fieldErrors),
          ...(taxId ? { tax_id: taxId } : {}),
        },
        "auth.errors.fixErrors",
      );
    }
    if (!(await withinLimits(context, request, "signup", account.value.email))) return limited();
    const created = await accountsApi(context).create(account.value);
    if (!created.ok) return refuse(echo, created.fieldErrors, "auth.errors.fixErrors");
    await signIn(context, created.value);
  } else {
    const parsed = parseForm(signInForm, values);
    if (!parsed.ok) return refuse(echo, parsed.fieldErrors, "auth.errors.fixErrors");
    const result = await signInWithPassword(context, request, parsed.value.email, parsed.value.password);
    if (!result.ok) return result.reason === "limited" ? limited() : refuse(echo, {}, "auth.errors.credentials");
  }
  return loginRedirectionByCart(args, values.redirectTo, 303);
}

export const meta: Route.MetaFunction = pageMeta;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const refusal = refusalOf(actionData);
  const signingUp = refusal?.values.intent === "signup";
  const signInRefusal = signingUp ? undefined : refusal;
  const signUpRefusal = signingUp ? refusal : undefined;
  const personal = () =>
    ["signup-email", "signup-first_name", "signup-last_name"].map(
      (id) => (document.getElementById(id) as HTMLInputElement | null)?.value ?? "",
    );
  return (
    <div className="space-y-8 p-5 tablet:p-8">
      <div>
        <h1 className="text-3xl font-bold">{loaderData.title}</h1>
        <p className="mt-2 text-muted">{t("auth.intro")}</p>
        {loaderData.notice && !refusal ? (
          <p
            role={loaderData.notice === "auth.accountDeleted" ? "status" : "alert"}
            className={`mt-4 rounded-card border-2 bg-surface p-4 font-semibold ${loaderData.notice === "auth.accountDeleted" ? "border-brand" : "border-red-700 text-red-800"}`}
            data-testid="login-notice"
          >
            {t(loaderData.notice, { provider: loaderData.provider?.name ?? "" })}
          </p>
        ) : null}
      </div>

      {loaderData.password || loaderData.provider ? (
        <section aria-labelledby="signin-title">
          <h2 id="signin-title" className="text-xl font-bold">
            {t("auth.signIn.title")}
          </h2>
          {loaderData.password ? (
            <>
              <FormAlert form="signin" refusal={signInRefusal} />
              <Form method="post" noValidate className="mt-4 space-y-4">
                <input type="hidden" name="intent" value="signin" />
                <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
                <TextField
                  form="signin"
                  name="email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  label={t("auth.signIn.email")}
                  defaultValue={signInRefusal?.values.email ?? ""}
                  error={signInRefusal?.fieldErrors.email}
                  required
                />
                <TextField
                  form="signin"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  label={t("auth.signIn.password")}
                  error={signInRefusal?.fieldErrors.password}
                  required
                />
                <div className="flex flex-wrap items-center gap-4">
                  <SubmitButton busy={busy} className="">
                    {t("auth.signIn.submit")}
                  </SubmitButton>
                  <Link to={to("/login/password-reset")} className="font-semibold text-brand-strong">
                    {t("auth.signIn.forgot")}
                  </Link>
                </div>
              </Form>
            </>
          ) : null}
          {loaderData.provider ? (
            <ProviderSignIn
              provider={loaderData.provider}
              callbackUrl={`${to("/login")}${loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : ""}`}
              besidePassword={loaderData.password}
            />
          ) : null}
        </section>
      ) : (
        <p role="status" className="rounded-card border-2 border-line bg-surface p-4" data-testid="signin-unavailable">
          {t("auth.unavailable")}
        </p>
      )}

      {loaderData.password ? (
        <section aria-labelledby="signup-title" className="border-t border-line pt-8">
          <h2 id="signup-title" className="text-xl font-bold">
            {t("auth.signUp.title")}
          </h2>
          <p className="mt-1 text-muted">{t("auth.signUp.intro")}</p>
          <FormAlert form="signup" refusal={signUpRefusal} />
          <Form method="post" noValidate className="group mt-4 space-y-4">
            <input type="hidden" name="intent" value="signup" />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <div className="grid gap-4 tablet:grid-cols-2">
              <TextField
                form="signup"
                name="first_name"
                autoComplete="given-name"
                label={t("auth.signUp.firstName")}
                defaultValue={signUpRefusal?.values.first_name ?? ""}
                error={signUpRefusal?.fieldErrors.first_name}
                required
              />
              <TextField
                form="signup"
                name="last_name"
                autoComplete="family-name"
                label={t("auth.signUp.lastName")}
                defaultValue={signUpRefusal?.values.last_name ?? ""}
                error={signUpRefusal?.fieldErrors.last_name}
                required
              />
            </div>
            <TextField
              form="signup"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              label={t("auth.signUp.email")}
              defaultValue={signUpRefusal?.values.email ?? ""}
              error={signUpRefusal?.fieldErrors.email}
              required
            />
            <NewPasswordField
              form="signup"
              name="password"
              label={t("auth.signUp.password")}
              error={signUpRefusal?.fieldErrors.password}
              personal={personal}
            />
            <fieldset>
              <legend className="font-semibold">{t("auth.signUp.customerType")}</legend>
              <div className="mt-1 flex flex-wrap gap-3">
                {(["PERSON", "COMPANY"] as const).map((type) => (
                  <label
                    key={type}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-button border-2 border-line px-4 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                  >
                    <input
                      type="radio"
                      name="customer_type"
                      value={type}
                      defaultChecked={(signUpRefusal?.values.customer_type ?? "PERSON") === type}
                      data-person={type === "PERSON" ? "" : undefined}
                      className="h-5 w-5"
                    />
                    {t(`auth.signUp.${type === "PERSON" ? "person" : "company"}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div
              className="grid gap-4 rounded-card bg-page p-4 group-has-[[data-person]:checked]:hidden tablet:grid-cols-2"
              data-testid="signup-company-fields"
            >
              <TextField
                form="signup"
                name="company_name"
                autoComplete="organization"
                label={t("auth.signUp.companyName")}
                defaultValue={signUpRefusal?.values.company_name ?? ""}
                error={signUpRefusal?.fieldErrors.company_name}
              />
              <TextField
                form="signup"
                name="tax_id"
                label={t("auth.signUp.taxId")}
                defaultValue={signUpRefusal?.values.tax_id ?? ""}
                error={signUpRefusal?.fieldErrors.tax_id}
              />
            </div>
            <CheckboxField
              form="signup"
              name="consent"
              label={t("auth.signUp.consent")}
              error={signUpRefusal?.fieldErrors.consent}
            />
            <SubmitButton busy={busy} className="w-full tablet:w-auto">
              {t("auth.signUp.submit")}
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

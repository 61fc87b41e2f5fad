import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { partsOfDate } from "@contract/rules/dates";
import { postcodeExample } from "@contract/rules/postcode";
import { AddressFields } from "~/components/address/address-fields";
import { NewPasswordField } from "~/components/auth/password-field";
import { CheckboxField, DateField, FormAlert, refusalOf, SubmitButton, TextField } from "~/components/form/fields";
import { useShell } from "~/components/use-shell";
import { accountsApi } from "~/lib/accounts/api.server";
import { formPageHeaders } from "~/lib/forms/form.server";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { brandContext, customerContext } from "~/lib/request/context/keys";
import { pageMeta } from "~/lib/seo/meta";
import { profileAction, type Section } from "~/lib/accounts/profile-action.server";

export async function loader({ context }: Route.LoaderArgs) {
  const brand = context.get(brandContext);
  const profile = await accountsApi(context).profile(context.get(customerContext).id);
  // The accounts layout has just read this account as active; gone since, it is signed out on the next page.
  if (!profile) throw localRedirect(context, "/login?error=SessionRequired");
  return {
    title: translate(context, "routes.accountsProfile"),
    noindex: true,
    profile,
    country: brand.country,
    postcodeExample: postcodeExample(brand.country),
  };
}

export const action = profileAction;

export const headers: Route.HeadersFunction = formPageHeaders;
export const meta: Route.MetaFunction = pageMeta;

function SectionCard({
  id,
  title,
  intro,
  children,
}: {
  id: Section;
  title: string;
  intro?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`profile-${id}-title`} className="rounded-card border border-line bg-surface p-5">
      <h2 id={`profile-${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-muted">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShell();
  const busy = useNavigation().state !== "idle";
  const { profile } = loaderData;
  const refusal = refusalOf(actionData);
  const done = actionData && "saved" in actionData ? actionData : null;
  const failed = (section: Section): FormRefusal | undefined =>
    refusal?.values.intent === section ? refusal : undefined;
  const value = (section: Section, name: string, fallback: string | null | undefined) =>
    failed(section)?.values[name] ?? fallback ?? "";
  const saved = (section: Section) =>
    // Said once the page shows what is kept now (the revalidation after the action), not while it still shows the old.
    done?.saved === section && !busy ? (
      <p
        role="status"
        className="mb-4 rounded-card bg-brand-soft p-3 font-semibold"
        data-testid={`profile-${section}-saved`}
      >
        {t(done.message)}
      </p>
    ) : null;
  const details = failed("details");
  const customerType = value("details", "customer_type", profile.customerType);
  const birthDate = details
    ? {
        day: details.values.birth_date_day ?? "",
        month: details.values.birth_date_month ?? "",
        year: details.values.birth_date_year ?? "",
      }
    : partsOfDate(profile.birthDate);
  const address = failed("address")?.values ?? profile.defaultAddress ?? {};
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{loaderData.title}</h1>

      <SectionCard id="details" title={t("profile.details.title")}>
        {saved("details")}
        <FormAlert form="details" refusal={details} />
        <Form method="post" noValidate className="group space-y-4">
          <input type="hidden" name="intent" value="details" />
          <div className="grid gap-4 tablet:grid-cols-2">
            <TextField
              form="details"
              name="first_name"
              autoComplete="given-name"
              label={t("auth.signUp.firstName")}
              defaultValue={value("details", "first_name", profile.firstName)}
              error={details?.fieldErrors.first_name}
              required
            />
            <TextField
              form="details"
              name="last_name"
              autoComplete="family-name"
              label={t("auth.signUp.lastName")}
              defaultValue={value("details", "last_name", profile.lastName)}
              error={details?.fieldErrors.last_name}
              required
            />
            <TextField
              form="details"
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              label={t("profile.details.phone")}
              defaultValue={value("details", "phone", profile.phone)}
              error={details?.fieldErrors.phone}
              optional
            />
          </div>
          <DateField
            form="details"
            name="birth_date"
            autoComplete="bday"
            label={t("profile.details.birthDate")}
            hint={`${t("profile.details.birthDateHint")} ${t("forms.date.example")}`}
            value={birthDate}
            error={details?.fieldErrors.birth_date}
            optional
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
                    defaultChecked={customerType === type}
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
            data-testid="profile-company-fields"
          >
            <TextField
              form="details"
              name="company_name"
              autoComplete="organization"
              label={t("auth.signUp.companyName")}
              defaultValue={value("details", "company_name", profile.companyName)}
              error={details?.fieldErrors.company_name}
            />
            <TextField
              form="details"
              name="tax_id"
              label={t("auth.signUp.taxId")}
              defaultValue={value("details", "tax_id", profile.taxId)}
              error={details?.fieldErrors.tax_id}
            />
          </div>
          <SubmitButton busy={busy}>{t("profile.save")}</SubmitButton>
        </Form>
      </SectionCard>

      <SectionCard
        id="email"
        title={t("profile.email.title")}
        intro={t("profile.email.intro", { email: profile.email })}
      >
        {saved("email")}
        <FormAlert form="email" refusal={failed("email")} />
        {profile.hasPassword ? (
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="email" />
            <TextField
              form="email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              label={t("profile.email.new")}
              defaultValue={value("email", "email", "")}
              error={failed("email")?.fieldErrors.email}
              required
            />
            <TextField
              form="email"
              name="current_password"
              type="password"
              autoComplete="current-password"
              label={t("profile.currentPassword")}
              error={failed("email")?.fieldErrors.current_password}
              required
            />
            <SubmitButton busy={busy}>{t("profile.email.submit")}</SubmitButton>
          </Form>
        ) : (
          <p>{t("profile.noPassword")}</p>
        )}
      </SectionCard>

      <SectionCard id="password" title={t("profile.password.title")} intro={t("profile.password.intro")}>
        {saved("password")}
        <FormAlert form="password" refusal={failed("password")} />
        {profile.hasPassword ? (
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="password" />
            <input type="email" name="username" autoComplete="username" value={profile.email} readOnly hidden />
            <TextField
              form="password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              label={t("profile.currentPassword")}
              error={failed("password")?.fieldErrors.current_password}
              required
            />
            <NewPasswordField
              form="password"
              name="password"
              label={t("auth.reset.newPassword")}
              error={failed("password")?.fieldErrors.password}
              personal={() => [profile.email, profile.firstName, profile.lastName]}
            />
            <SubmitButton busy={busy}>{t("profile.password.submit")}</SubmitButton>
          </Form>
        ) : (
          <p>{t("profile.noPassword")}</p>
        )}
      </SectionCard>

      <SectionCard id="address" title={t("profile.address.title")} intro={t("profile.address.intro")}>
        {saved("address")}
        <FormAlert form="address" refusal={failed("address")} />
        {/* A new form once the address is saved or forgotten, so its fields show what is kept now, not what was typed. */}
        <Form
          key={profile.defaultAddress ? JSON.stringify(profile.defaultAddress) : "none"}
          method="post"
          noValidate
          className="space-y-4"
        >
          <input type="hidden" name="intent" value="address" />
          <AddressFields
            form="address"
            values={address}
            errors={failed("address")?.fieldErrors}
            country={loaderData.country}
            postcodeExample={loaderData.postcodeExample}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton busy={busy}>{t("profile.save")}</SubmitButton>
            {profile.defaultAddress ? (
              <button type="submit" name="clear" value="1" formNoValidate className="button-secondary">
                {t("profile.address.clear")}
              </button>
            ) : null}
          </div>
        </Form>
      </SectionCard>

      <SectionCard
        id="newsletter"
        title={t("profile.newsletter.title")}
        intro={t(`profile.newsletter.${profile.newsletter}`)}
      >
        {saved("newsletter")}
        <Form method="post" className="flex flex-wrap gap-3">
          <input type="hidden" name="intent" value="newsletter" />
          {profile.newsletter === "CONFIRMED" ? (
            <button type="submit" name="newsletter" value="unsubscribe" className="button-secondary">
              {t("profile.newsletter.unsubscribe")}
            </button>
          ) : (
            <button type="submit" name="newsletter" value="subscribe" className="button-primary">
              {t(profile.newsletter === "PENDING" ? "profile.newsletter.resend" : "profile.newsletter.subscribe")}
            </button>
          )}
        </Form>
      </SectionCard>

      <SectionCard id="delete" title={t("profile.delete.title")} intro={t("profile.delete.intro")}>
        <FormAlert form="delete" refusal={failed("delete")} />
        <Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="delete" />
          {profile.hasPassword ? (
            <TextField
              form="delete"
              name="current_password"
              type="password"
              autoComplete="current-password"
              label={t("profile.currentPassword")}
              error={failed("delete")?.fieldErrors.current_password}
              required
            />
          ) : null}
          <CheckboxField
            form="delete"
            name="confirm"
            label={t("profile.delete.confirm")}
            error={failed("delete")?.fieldErrors.confirm}
          />
          <button type="submit" className="button-danger" data-testid="delete-account">
            {t("profile.delete.submit")}
          </button>
        </Form>
      </SectionCard>
    </div>
  );
}

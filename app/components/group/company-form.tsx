import { Form } from "react-router";
import { ACCOUNT_PERMISSIONS } from "@contract/api/enums";
import type { GroupConfig } from "@contract/api/groups";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { numberFormat } from "@contract/rules/intl-formats";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "../form/fields";
import { useShell } from "../use-shell";
import { PermissionChecks } from "./permission-checks";

const FORM = "company";

/** The company's details and what new staff start with; the commission rate is shown, the shop sets it. */
export function CompanyForm({
  config,
  refusal,
  busy,
}: {
  config: GroupConfig;
  refusal: FormRefusal | undefined;
  busy: boolean;
}) {
  const { t, locale } = useShell();
  const value = (field: string, saved: string | null | undefined) => refusal?.values[field] ?? saved ?? "";
  const errors = refusal?.fieldErrors ?? {};
  const staffPermissions = refusal
    ? ACCOUNT_PERMISSIONS.filter((permission) => refusal.values[`staff_perm_${permission}`] === "on")
    : config.staffPermissions;
  return (
    <section aria-labelledby="company-title" className="rounded-card border border-line bg-surface p-5">
      <h2 id="company-title" className="text-xl font-bold">
        {t("group.company.title")}
      </h2>
      <FormAlert form={FORM} refusal={refusal} fixFieldsMessage="group.company.fixErrors" />
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="config" />
        <TextField
          form={FORM}
          name="company_name"
          autoComplete="organization"
          label={t("group.company.companyName")}
          defaultValue={value("company_name", config.companyName)}
          error={errors.company_name}
          required
        />
        <div className="grid gap-4 tablet:grid-cols-2">
          <TextField
            form={FORM}
            name="tax_id"
            label={t("group.company.taxId")}
            defaultValue={value("tax_id", config.taxId)}
            error={errors.tax_id}
            optional
          />
          <TextField
            form={FORM}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            label={t("group.company.phone")}
            defaultValue={value("phone", config.phone)}
            error={errors.phone}
            optional
          />
        </div>
        <fieldset className="space-y-4">
          <legend className="font-semibold">
            {t("group.company.address")} <span className="font-normal text-muted">({t("forms.optional")})</span>
          </legend>
          <TextField
            form={FORM}
            name="street"
            autoComplete="street-address"
            label={t("group.company.street")}
            defaultValue={value("street", config.address?.street)}
            error={errors.street}
          />
          <div className="grid gap-4 tablet:grid-cols-2">
            <TextField
              form={FORM}
              name="postcode"
              autoComplete="postal-code"
              label={t("group.company.postcode")}
              defaultValue={value("postcode", config.address?.postcode)}
              error={errors.postcode}
            />
            <TextField
              form={FORM}
              name="city"
              autoComplete="address-level2"
              label={t("group.company.city")}
              defaultValue={value("city", config.address?.city)}
              error={errors.city}
            />
          </div>
        </fieldset>
        <div className="space-y-3 rounded-card bg-page p-4">
          <PermissionChecks
            form={FORM}
            prefix="staff_perm_"
            checked={staffPermissions}
            legend={t("group.company.staffDefaults")}
            error={errors.staff_permissions}
          />
          <CheckboxField
            form={FORM}
            name="staff_can_make_orders"
            label={t("group.company.staffCanMakeOrders")}
            defaultChecked={refusal ? refusal.values.staff_can_make_orders === "on" : config.staffCanMakeOrders}
            error={errors.staff_can_make_orders}
          />
        </div>
        <p data-testid="commission-rate">
          {t("group.company.commissionRate", { rate: numberFormat(LOCALE_TAGS[locale]).format(config.commissionRate) })}{" "}
          <span className="block text-sm text-muted">{t("group.company.commissionRateHint")}</span>
        </p>
        <SubmitButton busy={busy} className="w-full tablet:w-auto">
          {t("group.company.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}

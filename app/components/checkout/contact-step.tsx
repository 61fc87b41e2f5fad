import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { useShell } from "../use-shell";
import { ErrorSummary, FieldError, SubmitButton, TextField } from "~/components/form/fields";

type Props = { view: { step: 1; values: Record<string, string> }; mode: "guest" | "customer"; failed?: FormRefusal };

/** Step 1: who buys. A company's name and tax id show only for COMPANY (CSS, so without JavaScript too). */
export function ContactStep({ view, mode, failed }: Props) {
  const { t, to } = useShell();
  const busy = useNavigation().state === "submitting";
  const values = failed?.values ?? view.values;
  const errors = failed?.fieldErrors;
  const labels = {
    email: t("checkout.contact.email"),
    customerType: t("checkout.contact.customerType"),
    firstName: t("checkout.contact.firstName"),
    lastName: t("checkout.contact.lastName"),
    companyName: t("checkout.contact.companyName"),
    taxId: t("checkout.contact.taxId"),
    phone: t("checkout.contact.phone"),
  };
  return (
    <>
      {mode === "guest" ? (
        <p className="mt-2 text-muted">
          {t("checkout.contact.guestIntro")}{" "}
          <Link
            to={`${to("/login")}?redirectTo=${encodeURIComponent(to("/checkout"))}`}
            className="font-semibold text-brand underline"
          >
            {t("checkout.contact.login")}
          </Link>
        </p>
      ) : (
        <p className="mt-2 text-muted">{t("checkout.contact.loggedIn")}</p>
      )}
      <ErrorSummary form="checkout" errors={errors} labels={labels} />
      <Form method="post" noValidate className="group mt-4 space-y-4">
        <input type="hidden" name="step" value="1" />
        <TextField
          form="checkout"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          label={labels.email}
          defaultValue={values.email}
          error={errors?.email}
          required
        />
        <fieldset aria-describedby={errors?.customerType ? "checkout-customerType-error" : undefined}>
          <legend className="font-semibold">{labels.customerType}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {(["PERSON", "COMPANY"] as const).map((type) => (
              <label
                key={type}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-button border-2 border-line px-4 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
              >
                <input
                  type="radio"
                  name="customerType"
                  value={type}
                  defaultChecked={values.customerType === type}
                  data-person={type === "PERSON" ? "" : undefined}
                  className="h-5 w-5"
                />
                {t(`checkout.contact.${type === "PERSON" ? "person" : "company"}`)}
              </label>
            ))}
          </div>
          {errors?.customerType ? <FieldError id="checkout-customerType-error" message={errors.customerType} /> : null}
        </fieldset>
        <div className="grid gap-4 tablet:grid-cols-2">
          <TextField
            form="checkout"
            name="firstName"
            autoComplete="given-name"
            label={labels.firstName}
            defaultValue={values.firstName}
            error={errors?.firstName}
            required
          />
          <TextField
            form="checkout"
            name="lastName"
            autoComplete="family-name"
            label={labels.lastName}
            defaultValue={values.lastName}
            error={errors?.lastName}
            required
          />
        </div>
        <div
          className="grid gap-4 rounded-card bg-page p-4 group-has-[[data-person]:checked]:hidden tablet:grid-cols-2"
          data-testid="company-fields"
        >
          <TextField
            form="checkout"
            name="companyName"
            autoComplete="organization"
            label={labels.companyName}
            defaultValue={values.companyName}
            error={errors?.companyName}
            hint={t("checkout.contact.companyOnly")}
          />
          <TextField
            form="checkout"
            name="taxId"
            label={labels.taxId}
            defaultValue={values.taxId}
            error={errors?.taxId}
            hint={t("checkout.contact.taxIdHint")}
          />
        </div>
        <TextField
          form="checkout"
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          label={labels.phone}
          defaultValue={values.phone}
          error={errors?.phone}
          hint={t("checkout.contact.phoneHint")}
          required
        />
        <SubmitButton busy={busy}>{t("checkout.continue")}</SubmitButton>
      </Form>
    </>
  );
}

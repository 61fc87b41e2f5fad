import { Form, useNavigation } from "react-router";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { useShell } from "../use-shell";
import { ErrorSummary, SubmitButton, TextField } from "~/components/form/fields";

type Props = { view: { step: 2; values: Record<string, string>; country: string; postcodeExample: string }; failed?: FormRefusal };

/** Step 2: where to deliver, within the brand's country (shown, not editable). */
export function AddressStep({ view, failed }: Props) {
  const { t, locale } = useShell();
  const busy = useNavigation().state === "submitting";
  const values = failed?.values ?? view.values;
  const errors = failed?.fieldErrors;
  const labels = {
    street: t("checkout.address.street"), streetExtra: t("checkout.address.streetExtra"), postcode: t("checkout.address.postcode"),
    city: t("checkout.address.city"), province: t("checkout.address.province"), country: t("checkout.address.country"),
  };
  const countryName = new Intl.DisplayNames([locale], { type: "region" }).of(view.country) ?? view.country;
  return (
    <>
      <ErrorSummary form="checkout" errors={errors} labels={labels} />
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="step" value="2" />
        <TextField form="checkout" name="street" autoComplete="address-line1" label={labels.street} defaultValue={values.street} error={errors?.street} required />
        <TextField form="checkout" name="streetExtra" autoComplete="address-line2" label={labels.streetExtra} defaultValue={values.streetExtra} error={errors?.streetExtra} optional />
        <div className="grid gap-4 tablet:grid-cols-[12rem_minmax(0,1fr)]">
          <TextField form="checkout" name="postcode" autoComplete="postal-code" label={labels.postcode} defaultValue={values.postcode} error={errors?.postcode} hint={t("checkout.address.postcodeHint", { example: view.postcodeExample })} required />
          <TextField form="checkout" name="city" autoComplete="address-level2" label={labels.city} defaultValue={values.city} error={errors?.city} required />
        </div>
        <TextField form="checkout" name="province" autoComplete="address-level1" label={labels.province} defaultValue={values.province} error={errors?.province} optional />
        <div>
          <p className="font-semibold" id="checkout-country-label">{labels.country}</p>
          <p className="mt-1 flex min-h-11 items-center rounded-button border-2 border-dashed border-line px-3" data-testid="checkout-country">
            {countryName}
          </p>
          <p className="text-sm text-muted">{t("checkout.address.countryFixed")}</p>
        </div>
        <SubmitButton busy={busy}>{t("checkout.continue")}</SubmitButton>
      </Form>
    </>
  );
}

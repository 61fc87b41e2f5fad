import { regionNames } from "@contract/rules/intl-formats";
import { TextField } from "~/components/form/fields";
import { useShell } from "~/components/use-shell";

type Props = {
  form: string;
  values: Record<string, string | undefined>;
  errors?: Record<string, string>;
  country: string;
  postcodeExample: string;
};

/** The labels of an address's fields (also the error summary's). */
export function useAddressLabels() {
  const { t } = useShell();
  return {
    street: t("checkout.address.street"),
    streetExtra: t("checkout.address.streetExtra"),
    postcode: t("checkout.address.postcode"),
    city: t("checkout.address.city"),
    province: t("checkout.address.province"),
    country: t("checkout.address.country"),
  };
}

/** An address within the brand's country (shown, not editable), as checkout step 2 and the profile take it. */
export function AddressFields({ form, values, errors, country, postcodeExample }: Props) {
  const { t, locale } = useShell();
  const labels = useAddressLabels();
  const countryName = regionNames(locale).of(country) ?? country;
  return (
    <>
      <TextField
        form={form}
        name="street"
        autoComplete="address-line1"
        label={labels.street}
        defaultValue={values.street}
        error={errors?.street}
        required
      />
      <TextField
        form={form}
        name="streetExtra"
        autoComplete="address-line2"
        label={labels.streetExtra}
        defaultValue={values.streetExtra}
        error={errors?.streetExtra}
        optional
      />
      <div className="grid gap-4 tablet:grid-cols-[12rem_minmax(0,1fr)]">
        <TextField
          form={form}
          name="postcode"
          autoComplete="postal-code"
          label={labels.postcode}
          defaultValue={values.postcode}
          error={errors?.postcode}
          hint={t("checkout.address.postcodeHint", { example: postcodeExample })}
          required
        />
        <TextField
          form={form}
          name="city"
          autoComplete="address-level2"
          label={labels.city}
          defaultValue={values.city}
          error={errors?.city}
          required
        />
      </div>
      <TextField
        form={form}
        name="province"
        autoComplete="address-level1"
        label={labels.province}
        defaultValue={values.province}
        error={errors?.province}
        optional
      />
      <div>
        <p className="font-semibold">{labels.country}</p>
        <p
          className="mt-1 flex min-h-11 items-center rounded-button border-2 border-dashed border-line px-3"
          data-testid={`${form}-country`}
        >
          {countryName}
        </p>
        <p className="text-sm text-muted">{t("checkout.address.countryFixed")}</p>
      </div>
    </>
  );
}

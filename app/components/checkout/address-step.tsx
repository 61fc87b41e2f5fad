import { Form, useNavigation } from "react-router";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { useShell } from "../use-shell";
import { AddressFields, useAddressLabels } from "~/components/address/address-fields";
import { ErrorSummary, SubmitButton } from "~/components/form/fields";

type Props = {
  view: { step: 2; values: Record<string, string>; country: string; postcodeExample: string };
  failed?: FormRefusal;
};

/** Step 2: where to deliver, within the brand's country (shown, not editable). */
export function AddressStep({ view, failed }: Props) {
  const { t } = useShell();
  const busy = useNavigation().state === "submitting";
  const labels = useAddressLabels();
  return (
    <>
      <ErrorSummary form="checkout" errors={failed?.fieldErrors} labels={labels} />
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="step" value="2" />
        <AddressFields
          form="checkout"
          values={failed?.values ?? view.values}
          errors={failed?.fieldErrors}
          country={view.country}
          postcodeExample={view.postcodeExample}
        />
        <SubmitButton busy={busy}>{t("checkout.continue")}</SubmitButton>
      </Form>
    </>
  );
}

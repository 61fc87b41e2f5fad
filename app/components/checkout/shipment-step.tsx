import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import type { PickupPoint, ShippingOption } from "@contract/api/checkout";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";
import { ErrorSummary, FieldError, SubmitButton } from "~/components/form/fields";
import { CARRIER_LABELS } from "@contract/brands/names";
import { formatDay } from "./labels";
import { optionValue, PICKUP_TYPES } from "~/lib/checkout/shipping-choice";
import { PickupPointPicker } from "./pickup-point-picker";

type View = { step: 3; options: ShippingOption[]; values: { option: string; pickupPointId: string }; postcode: string; points: PickupPoint[] };


/** Step 3: every way the brand delivers, grouped by delivery type; pickup deliveries choose their point. */
export function ShipmentStep({ view, failed }: { view: View; failed?: FormRefusal }) {
  const { t, locale } = useShell();
  const money = useMoney();
  const busy = useNavigation().state === "submitting";
  const errors = failed?.fieldErrors;
  const [selected, setSelected] = useState(failed?.values.option ?? view.values.option);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const option = view.options.find((candidate) => optionValue(candidate) === selected);
  const groups = [...new Set(view.options.map((candidate) => candidate.deliveryType))];
  const labels = { option: t("checkout.shipment.legend"), pickupPointId: t("checkout.pickup.title") };
  return (
    <>
      <ErrorSummary form="checkout" errors={errors} labels={labels} />
      <Form method="post" noValidate className="mt-4 space-y-6" id="checkout-shipment">
        <input type="hidden" name="step" value="3" />
        <fieldset id="checkout-option" tabIndex={-1} aria-describedby={errors?.option ? "checkout-option-error" : undefined}>
          <legend className="font-semibold">{labels.option}</legend>
          {errors?.option ? <FieldError id="checkout-option-error" message={errors.option} /> : null}
          <div className="mt-2 space-y-4">
            {groups.map((type) => (
              <fieldset key={type} className="tablet:rounded-card tablet:border tablet:border-line tablet:p-4">
                <legend className="font-bold tablet:px-1">{t(`checkout.deliveryTypes.${type}.name`)}</legend>
                <p className="text-sm text-muted">{t(`checkout.deliveryTypes.${type}.explanation`)}</p>
                <ul className="mt-2 space-y-2">
                  {view.options.filter((candidate) => candidate.deliveryType === type).map((candidate) => {
                    const value = optionValue(candidate);
                    return (
                      <li key={value}>
                        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-button border-2 border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
                          <input type="radio" name="option" value={value} checked={selected === value} onChange={() => setSelected(value)} className="h-5 w-5 shrink-0" />
                          <span className="grow">
                            <span className="block font-semibold">{candidate.carrier ? CARRIER_LABELS[candidate.carrier] : t("checkout.shipment.factory")}</span>
                            <span className="block text-sm text-muted">
                              {t(type === "FACTORY_PICKUP" ? "checkout.shipment.ready" : "checkout.shipment.dates", { from: formatDay(candidate.earliest, locale), to: formatDay(candidate.latest, locale) })}
                            </span>
                          </span>
                          <span className="whitespace-nowrap font-bold">{candidate.price === 0 ? t("totals.free") : money(candidate.price)}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ))}
          </div>
        </fieldset>
        {option && option.carrier && PICKUP_TYPES.includes(option.deliveryType) ? (
          <PickupPointPicker
            key={selected}
            option={{ deliveryType: option.deliveryType, carrier: option.carrier }}
            initial={selected === view.values.option ? { postcode: view.postcode, points: view.points, chosen: failed?.values.pickupPointId ?? view.values.pickupPointId } : { postcode: view.postcode, points: null, chosen: "" }}
            error={errors?.pickupPointId}
          />
        ) : !hydrated && view.options.some((candidate) => PICKUP_TYPES.includes(candidate.deliveryType)) ? (
          <div className="rounded-card border border-dashed border-line p-3">
            <label htmlFor="checkout-postcode-search" className="block font-semibold">{t("checkout.pickup.postcode")}</label>
            <p className="text-sm text-muted">{t("checkout.pickup.withoutScript")}</p>
            <div className="mt-1 flex flex-wrap gap-2">
              <input id="checkout-postcode-search" name="postcode" defaultValue={view.postcode} className="min-h-11 grow rounded-button border-2 border-line bg-surface px-3" />
              <button type="submit" formMethod="get" formNoValidate className="button-secondary">{t("checkout.pickup.search")}</button>
            </div>
          </div>
        ) : null}
        <SubmitButton busy={busy}>{t("checkout.continue")}</SubmitButton>
      </Form>
    </>
  );
}

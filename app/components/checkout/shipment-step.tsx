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
import { DELIVERY_MODE_OF, deliveryModesOf } from "@contract/shipping/delivery-modes";
import { Link } from "../link";
import { PickupPointPicker } from "./pickup-point-picker";

/** Each mode is explained by its delivery type's words (the pickup point's by the carrier's points). */
const MODE_EXPLAINED_BY = { ADDRESS: "ADDRESS", PICKPOINT: "PICKPOINT", CUSTOMER: "FACTORY_PICKUP" } as const;

type View = {
  step: 3;
  options: ShippingOption[];
  values: { option: string; pickupPointId: string };
  postcode: string;
  points: PickupPoint[];
  /** A company of a brand that takes quote requests: the shop may arrange its delivery (MANAGED) through a quote. */
  managedDelivery: boolean;
};

/**
 * Step 3: every way the brand delivers, grouped by delivery mode (docs/decisions/0039); pickup deliveries choose their
 * point. A company may instead have the shop arrange the delivery (MANAGED): that goes through a quote request.
 */
export function ShipmentStep({ view, failed }: { view: View; failed?: FormRefusal }) {
  const { t, locale, to } = useShell();
  const money = useMoney();
  const busy = useNavigation().state === "submitting";
  const errors = failed?.fieldErrors;
  const [selected, setSelected] = useState(failed?.values.option ?? view.values.option);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const option = view.options.find((candidate) => optionValue(candidate) === selected);
  const groups = deliveryModesOf(view.options.map((candidate) => candidate.deliveryType));
  const labels = { option: t("checkout.shipment.legend"), pickupPointId: t("checkout.pickup.title") };
  return (
    <>
      <ErrorSummary form="checkout" errors={errors} labels={labels} />
      <Form method="post" noValidate className="mt-4 space-y-6" id="checkout-shipment">
        <input type="hidden" name="step" value="3" />
        <fieldset
          id="checkout-option"
          tabIndex={-1}
          aria-describedby={errors?.option ? "checkout-option-error" : undefined}
        >
          <legend className="font-semibold">{labels.option}</legend>
          {errors?.option ? <FieldError id="checkout-option-error" message={errors.option} /> : null}
          <div className="mt-2 space-y-4">
            {groups.map((mode) => {
              const inMode = view.options.filter((candidate) => DELIVERY_MODE_OF[candidate.deliveryType] === mode);
              const severalTypes = new Set(inMode.map((candidate) => candidate.deliveryType)).size > 1;
              return (
                <fieldset
                  key={mode}
                  className="tablet:rounded-card tablet:border tablet:border-line tablet:p-4"
                  data-mode={mode}
                >
                  <legend className="font-bold tablet:px-1">{t(`deliveryModes.${mode}.name`)}</legend>
                  <p className="text-sm text-muted">
                    {t(`checkout.deliveryTypes.${MODE_EXPLAINED_BY[mode]}.explanation`)}
                  </p>
                  <ul className="mt-2 space-y-2">
                    {inMode.map((candidate) => {
                      const value = optionValue(candidate);
                      return (
                        <li key={value}>
                          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-button border-2 border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
                            <input
                              type="radio"
                              name="option"
                              value={value}
                              checked={selected === value}
                              onChange={() => setSelected(value)}
                              className="h-5 w-5 shrink-0"
                            />
                            <span className="grow">
                              <span className="block font-semibold">
                                {candidate.carrier ? CARRIER_LABELS[candidate.carrier] : t("checkout.shipment.factory")}
                              </span>
                              {severalTypes ? (
                                <span className="block text-sm">
                                  {t(`checkout.deliveryTypes.${candidate.deliveryType}.name`)}
                                </span>
                              ) : null}
                              <span className="block text-sm text-muted">
                                {t(
                                  candidate.deliveryType === "FACTORY_PICKUP"
                                    ? "checkout.shipment.ready"
                                    : "checkout.shipment.dates",
                                  {
                                    from: formatDay(candidate.earliest, locale),
                                    to: formatDay(candidate.latest, locale),
                                  },
                                )}
                              </span>
                            </span>
                            <span className="whitespace-nowrap font-bold">
                              {candidate.price === 0 ? t("totals.free") : money(candidate.price)}
                            </span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </fieldset>
              );
            })}
            {view.managedDelivery ? (
              <section
                className="rounded-card border border-dashed border-line p-4"
                aria-labelledby="delivery-managed"
                data-mode="MANAGED"
              >
                <h3 id="delivery-managed" className="font-bold">
                  {t("deliveryModes.MANAGED.name")}
                </h3>
                <p className="text-sm text-muted">{t("deliveryModes.MANAGED.explanation")}</p>
                <Link
                  to={to("/contact?form=quote&arrangement=MANAGED")}
                  className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-strong"
                  data-testid="managed-delivery"
                >
                  {t("contactChannels.formContactRequestBudget.title")}
                </Link>
              </section>
            ) : null}
          </div>
        </fieldset>
        {option?.carrier && PICKUP_TYPES.includes(option.deliveryType) ? (
          <PickupPointPicker
            key={selected}
            option={{ deliveryType: option.deliveryType, carrier: option.carrier }}
            initial={
              selected === view.values.option
                ? {
                    postcode: view.postcode,
                    points: view.points,
                    chosen: failed?.values.pickupPointId ?? view.values.pickupPointId,
                  }
                : { postcode: view.postcode, points: null, chosen: "" }
            }
            error={errors?.pickupPointId}
          />
        ) : !hydrated && view.options.some((candidate) => PICKUP_TYPES.includes(candidate.deliveryType)) ? (
          <div className="rounded-card border border-dashed border-line p-3">
            <label htmlFor="checkout-postcode-search" className="block font-semibold">
              {t("checkout.pickup.postcode")}
            </label>
            <p className="text-sm text-muted">{t("checkout.pickup.withoutScript")}</p>
            <div className="mt-1 flex flex-wrap gap-2">
              <input
                id="checkout-postcode-search"
                name="postcode"
                defaultValue={view.postcode}
                className="min-h-11 grow rounded-button border-2 border-line bg-surface px-3"
              />
              <button type="submit" formMethod="get" formNoValidate className="button-secondary">
                {t("checkout.pickup.search")}
              </button>
            </div>
          </div>
        ) : null}
        <SubmitButton busy={busy}>{t("checkout.continue")}</SubmitButton>
      </Form>
    </>
  );
}

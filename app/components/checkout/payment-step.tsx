import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import type { Address, Contact, PickupPoint, ShippingOption } from "@contract/api/checkout";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";
import { ErrorSummary, FieldError, SubmitButton } from "~/components/form/fields";
import { CARRIER_LABELS } from "@contract/brands/names";
import { formatDay } from "./labels";

type View = {
  step: 4;
  methods: { method: string; type: "BANK_RECEIPT" | "TRANSFER" | "ONLINE_PREPAID" }[];
  values: Record<string, string>;
  paymentNotice: "failed" | "canceled" | "error" | null;
  contact: Contact | null;
  address: Address | null;
  shipment: ShippingOption | null;
  pickupPoint: PickupPoint | null;
};

/** Step 4: how to pay (online now, or by transfer or receipt), what is being bought and where it goes, then order. */
export function PaymentStep({ view, failed, total }: { view: View; failed?: FormRefusal; total: number }) {
  const { t, to, locale } = useShell();
  const money = useMoney();
  const busy = useNavigation().state === "submitting";
  const errors = failed?.fieldErrors;
  const [method, setMethod] = useState(failed?.values.method ?? view.values.method ?? "");
  const online = view.methods.find((candidate) => candidate.method === method)?.type === "ONLINE_PREPAID";
  const shipment = view.shipment;
  return (
    <>
      {view.paymentNotice ? (
        <div
          role="alert"
          className="mt-4 rounded-card border-2 border-red-700 bg-red-50 p-4"
          data-testid="payment-notice"
        >
          <p className="font-bold text-red-800">{t(`checkout.payment.${view.paymentNotice}`)}</p>
          <p className="text-sm">{t("checkout.payment.cartKept")}</p>
        </div>
      ) : null}
      <ErrorSummary form="checkout" errors={errors} labels={{ method: t("checkout.payment.legend") }} />
      <div className="mt-4 grid gap-3 text-sm tablet:grid-cols-2">
        <div className="rounded-card bg-page p-3">
          <p className="font-semibold">
            {t("checkout.step1")} ·{" "}
            <Link to={to("/checkout?step=1")} className="text-brand underline">
              {t("checkout.change")}
            </Link>
          </p>
          <p>
            {view.contact?.firstName} {view.contact?.lastName}
            {view.contact?.companyName ? ` · ${view.contact?.companyName}` : ""}
          </p>
          <p>
            {view.contact?.email} · {view.contact?.phone}
          </p>
        </div>
        <div className="rounded-card bg-page p-3">
          <p className="font-semibold">
            {t("checkout.step3")} ·{" "}
            <Link to={to("/checkout?step=3")} className="text-brand underline">
              {t("checkout.change")}
            </Link>
          </p>
          {shipment ? (
            <p>
              {t(`checkout.deliveryTypes.${shipment.deliveryType}.name`)}
              {shipment.carrier ? ` · ${CARRIER_LABELS[shipment.carrier]}` : ""} ·{" "}
              {t(shipment.deliveryType === "FACTORY_PICKUP" ? "checkout.shipment.ready" : "checkout.shipment.dates", {
                from: formatDay(shipment.earliest, locale),
                to: formatDay(shipment.latest, locale),
              })}
            </p>
          ) : null}
          {view.pickupPoint ? (
            <p>
              {view.pickupPoint.name}, {view.pickupPoint.street}, {view.pickupPoint.postcode} {view.pickupPoint.city}
            </p>
          ) : shipment?.deliveryType === "ADDRESS" ? (
            <p>
              {view.address?.street}
              {view.address?.streetExtra ? `, ${view.address?.streetExtra}` : ""}, {view.address?.postcode}{" "}
              {view.address?.city}
            </p>
          ) : null}
        </div>
      </div>
      <Form method="post" noValidate className="mt-4">
        <input type="hidden" name="step" value="4" />
        <fieldset
          id="checkout-method"
          tabIndex={-1}
          aria-describedby={errors?.method ? "checkout-method-error" : undefined}
        >
          <legend className="font-semibold">{t("checkout.payment.legend")}</legend>
          {errors?.method ? <FieldError id="checkout-method-error" message={errors.method} /> : null}
          <ul className="mt-2 grid gap-2 tablet:grid-cols-2">
            {view.methods.map((candidate) => (
              <li key={candidate.method}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-button border-2 border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
                  <input
                    type="radio"
                    name="method"
                    value={candidate.method}
                    checked={method === candidate.method}
                    onChange={() => setMethod(candidate.method)}
                    className="h-5 w-5 shrink-0"
                  />
                  <span>
                    <span className="block font-semibold">{t(`checkout.methods.${candidate.method}`)}</span>
                    <span className="block text-sm text-muted">{t(`checkout.paymentTypes.${candidate.type}`)}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <p className="mt-4 text-sm text-muted">{t("checkout.payment.terms")}</p>
        <SubmitButton busy={busy}>
          {t(online || !method ? "checkout.payment.pay" : "checkout.payment.placeOrder", { total: money(total) })}
        </SubmitButton>
      </Form>
    </>
  );
}

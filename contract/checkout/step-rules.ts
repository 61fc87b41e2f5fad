import { fieldErrorsOf, type FieldErrors } from "../api/field-errors";
import {
  addressSchema,
  contactSchema,
  paymentChoiceSchema,
  shipmentSchema,
  type PickupPointDetail,
} from "../api/checkout";
import type { Brand } from "../brands/brands";
import { CARRIER_RATES } from "../shipping/options";

/**
 * Each checkout step checked against the contract's schema and the brand's own offer (its delivery types, carriers,
 * payment methods, pickup points in its country). The storefront and the product API both run these, so a shopper
 * sees the same field errors (translation keys) whichever side finds the problem.
 */

/** What a step's check answers: its values, or the field errors to show. */
export type StepResult<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

type Form = Record<string, unknown>;
const orNull = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);
const orUndefined = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/** A missing field is an empty one (so it is "required", not a type error). */
const withText = (form: Form, fields: string[]): Form => ({
  ...Object.fromEntries(fields.map((field) => [field, ""])),
  ...form,
});

export function checkContact(brand: Brand, form: Form) {
  const input: Form = {
    ...withText(form, ["email", "firstName", "lastName", "phone"]),
    companyName: orUndefined(form.companyName),
    taxId: orUndefined(form.taxId),
  };
  const parsed = contactSchema(brand.country).safeParse(input);
  if (!parsed.success) {
    // The company checks run only once the rest is valid: run them here too, so every error shows at once.
    const company =
      input.customerType === "COMPANY"
        ? contactSchema(brand.country).safeParse({
            ...input,
            email: "a@b.co",
            firstName: "-",
            lastName: "-",
            phone: "000000",
          })
        : null;
    return {
      ok: false as const,
      fieldErrors: {
        ...(company && !company.success ? fieldErrorsOf(company.error) : {}),
        ...fieldErrorsOf(parsed.error),
      },
    };
  }
  // A person's company fields are not kept (they may have been typed before switching back to PERSON).
  const value =
    parsed.data.customerType === "PERSON" ? { ...parsed.data, companyName: undefined, taxId: undefined } : parsed.data;
  return { ok: true as const, value };
}

export function checkAddress(brand: Brand, form: Form) {
  const parsed = addressSchema(brand.country).safeParse({
    ...withText(form, ["street", "postcode", "city"]),
    streetExtra: orUndefined(form.streetExtra),
    province: orUndefined(form.province),
    country: brand.country,
  });
  return parsed.success
    ? { ok: true as const, value: parsed.data }
    : { ok: false as const, fieldErrors: fieldErrorsOf(parsed.error) };
}

/** `findPoint` looks the pickup point up (the product API's table, or the API from the storefront). */
export async function checkShipment(
  brand: Brand,
  form: Form,
  findPoint: (id: string) => Promise<PickupPointDetail | null>,
) {
  const parsed = shipmentSchema.safeParse({
    deliveryType: form.deliveryType,
    carrier: orNull(form.carrier),
    pickupPointId: orNull(form.pickupPointId),
  });
  if (!parsed.success) return { ok: false as const, fieldErrors: fieldErrorsOf(parsed.error) };
  const { deliveryType } = parsed.data;
  if (!brand.deliveryTypes.includes(deliveryType))
    return { ok: false as const, fieldErrors: { deliveryType: "checkout.errors.deliveryType" } };
  if (deliveryType === "FACTORY_PICKUP")
    return { ok: true as const, value: { deliveryType, carrier: null, pickupPointId: null } };
  const carrier = parsed.data.carrier!;
  if (!brand.carriers.includes(carrier) || !CARRIER_RATES[carrier][deliveryType])
    return { ok: false as const, fieldErrors: { carrier: "checkout.errors.carrier" } };
  if (deliveryType === "ADDRESS") return { ok: true as const, value: { deliveryType, carrier, pickupPointId: null } };
  const point = await findPoint(parsed.data.pickupPointId!);
  const kind = deliveryType === "PICKPOINT" ? "CARRIER" : "PARTNER";
  if (!point || point.country !== brand.country || point.kind !== kind || point.carrier !== carrier) {
    return { ok: false as const, fieldErrors: { pickupPointId: "checkout.errors.pickupPoint" } };
  }
  return { ok: true as const, value: { deliveryType, carrier, pickupPointId: point.id } };
}

export function checkPayment(brand: Brand, form: Form) {
  const parsed = paymentChoiceSchema.safeParse(form);
  if (!parsed.success) return { ok: false as const, fieldErrors: fieldErrorsOf(parsed.error) };
  if (!brand.paymentMethods.includes(parsed.data.method))
    return { ok: false as const, fieldErrors: { method: "checkout.errors.paymentMethod" } };
  return { ok: true as const, value: parsed.data };
}

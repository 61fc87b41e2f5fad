import type { ShippingOption } from "@contract/api/checkout";

/** The delivery types whose shipment names a pickup point. */
export const PICKUP_TYPES: readonly string[] = ["PICKPOINT", "PICKPOINT_CUSTOMER"];

/** A delivery option as the shipment step's radio value: `ADDRESS:GLS`, `FACTORY_PICKUP:`. */
export const optionValue = (option: Pick<ShippingOption, "deliveryType" | "carrier">) =>
  `${option.deliveryType}:${option.carrier ?? ""}`;

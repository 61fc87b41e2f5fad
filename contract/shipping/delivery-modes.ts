import type { DeliveryType } from "../brands/brands";
import type { DELIVERY_ARRANGEMENTS, DELIVERY_MODES } from "../api/enums";

type DeliveryMode = (typeof DELIVERY_MODES)[number];
export type DeliveryArrangement = (typeof DELIVERY_ARRANGEMENTS)[number];

/**
 * Where a delivery type's parcel goes (docs/decisions/0039). Both pickup types end at a pickup point; collecting it at
 * the workshop is the customer's own delivery. No checkout delivery type is MANAGED: the shop arranges that one for a
 * company's quote, outside the online checkout.
 */
export const DELIVERY_MODE_OF: Record<DeliveryType, Exclude<DeliveryMode, "MANAGED">> = {
  ADDRESS: "ADDRESS",
  PICKPOINT: "PICKPOINT",
  PICKPOINT_CUSTOMER: "PICKPOINT",
  FACTORY_PICKUP: "CUSTOMER",
};

/** The modes a brand's checkout offers, in the order its shipment step shows them. */
export function deliveryModesOf(deliveryTypes: readonly DeliveryType[]): Exclude<DeliveryMode, "MANAGED">[] {
  const order = ["ADDRESS", "PICKPOINT", "CUSTOMER"] as const;
  return order.filter((mode) => deliveryTypes.some((type) => DELIVERY_MODE_OF[type] === mode));
}

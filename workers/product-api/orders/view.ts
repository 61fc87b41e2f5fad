import { pickupPointSchema, savedAddressSchema, savedContactSchema } from "@contract/api/checkout";
import { storedShipmentSchema, type Order } from "@contract/api/orders";
import { DELIVERY_MODE_OF } from "@contract/shipping/delivery-modes";
import { maskIban } from "@contract/rules/iban";
import { findPickupPoint, withoutCountry } from "../pickup-points/queries";
import { orderDetails, type OrderRow } from "./queries";

/**
 * What the order stored as its shipment: the step's choice, the delivery window and the pickup point as it was then.
 */
const storedShipment = storedShipmentSchema.extend({ pickupPoint: pickupPointSchema.nullable().optional() });

/**
 * The contract's order: the row with its lines, history, required actions, the totals it was charged and its pickup
 * point as it was when the order was placed (the stored shipment keeps it; older rows without one look it up).
 */
export async function orderView(env: ProductApiEnv, order: OrderRow): Promise<Order> {
  const { pickupPoint: snapshot, ...shipment } = storedShipment.parse(JSON.parse(order.shipment));
  const pointId = snapshot ? null : shipment.pickupPointId;
  const [[lines, events, actions], current] = await Promise.all([
    orderDetails(env, order.id),
    pointId ? findPickupPoint(env, pointId) : null,
  ]);
  return {
    publicId: order.publicId,
    site: order.site,
    cartId: order.cartId,
    locale: order.locale,
    email: order.email,
    contact: savedContactSchema.parse(JSON.parse(order.contact)),
    address: savedAddressSchema.parse(JSON.parse(order.address)),
    shipment: { ...shipment, deliveryMode: DELIVERY_MODE_OF[shipment.deliveryType] },
    pickupPoint: snapshot ?? (current && withoutCountry(current)),
    paymentMethod: order.paymentMethod as Order["paymentMethod"],
    paymentType: order.paymentType as Order["paymentType"],
    paymentStatus: order.paymentStatus as Order["paymentStatus"],
    statusCode: order.statusCode,
    shipmentStatus: order.shipmentStatus as Order["shipmentStatus"],
    trackingReference: order.trackingReference,
    currency: order.currency,
    totals: {
      subtotal: order.subtotal,
      promotion: order.promotionCode
        ? { code: order.promotionCode, discountPercent: order.discountPercent ?? 0, amount: order.discount }
        : null,
      shipping: order.shipping,
      vatRate: order.vatRate,
      vat: order.vat,
      total: order.total,
    },
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    lines: lines.map((line) => ({ ...line, options: JSON.parse(line.options) as Order["lines"][number]["options"] })),
    events: events.map((event) => ({ ...event, shipmentStatus: event.shipmentStatus as Order["shipmentStatus"] })),
    userRequiredActions: actions.map(({ answer, ...action }) => {
      const given = answer ? (JSON.parse(answer) as { holder: string; iban: string }) : null;
      return {
        ...action,
        type: action.type as Order["userRequiredActions"][number]["type"],
        answer: given ? { holder: given.holder, ibanMasked: maskIban(given.iban) } : null,
      };
    }),
  };
}

import type { ORDER_STATUS_CODES, ShipmentStatus } from "@contract/api/orders";

/**
 * Where an order may go next (docs/decisions/0011). The order's status code and its shipment's status move together:
 * a status implies a shipment status (9 shipped: ON_ROUTE) and a shipment status implies a status (DELIVERED: 15).
 */
export type StatusCode = (typeof ORDER_STATUS_CODES)[number];

export const FINAL_STATUSES: readonly number[] = [15, 10];

/** Production: 0 → (200 → 201 → 202 →) 1 → 13; shipping: 13 → 8 → 9 → (14 →) 15; side roads to 2, 4, 16, 17, 10. */
export const STATUS_TRANSITIONS: Record<number, readonly number[]> = {
  0: [200, 1, 4, 2, 10],
  4: [0, 1, 10],
  200: [201, 2, 10],
  201: [202, 2, 10],
  202: [1, 2, 10],
  1: [13, 2, 10],
  2: [0, 200, 1, 10],
  13: [8, 14, 2, 10],
  8: [9, 17, 10],
  17: [8, 9, 10],
  9: [14, 15, 16],
  14: [15, 16],
  16: [9, 10],
  15: [],
  10: [],
};

export const SHIPMENT_TRANSITIONS: Record<ShipmentStatus | "NONE", readonly ShipmentStatus[]> = {
  NONE: ["PROCESSING", "PENDING_TO_PICK"],
  PROCESSING: ["ON_ROUTE"],
  ON_ROUTE: ["ON_DELIVERY", "DELIVERED", "INCIDENCE", "PENDING_TO_PICK"],
  ON_DELIVERY: ["DELIVERED", "INCIDENCE"],
  INCIDENCE: ["ON_ROUTE", "ON_DELIVERY", "DELIVERED", "PENDING_TO_PICK"],
  PENDING_TO_PICK: ["PICKED", "INCIDENCE"],
  DELIVERED: [],
  PICKED: [],
};

/** The order statuses each shipment status can stand beside. */
const SHIPMENT_WITH: Record<ShipmentStatus, readonly number[]> = {
  PROCESSING: [8, 17, 10],
  ON_ROUTE: [9],
  ON_DELIVERY: [9],
  INCIDENCE: [9, 16, 10],
  PENDING_TO_PICK: [14],
  DELIVERED: [15],
  PICKED: [15],
};

/** Statuses that only make sense for some ways of delivering. */
const NOT_FOR: Record<string, readonly number[]> = { ADDRESS: [14], FACTORY_PICKUP: [8, 9, 16, 17] };
const SHIPMENT_NOT_FOR: Record<string, readonly ShipmentStatus[]> = {
  ADDRESS: ["PENDING_TO_PICK", "PICKED"],
  PICKPOINT: ["DELIVERED"],
  PICKPOINT_CUSTOMER: ["DELIVERED"],
  FACTORY_PICKUP: ["PROCESSING", "ON_ROUTE", "ON_DELIVERY", "DELIVERED"],
};

/** Production starts only once the order is paid. */
const NEEDS_PAYMENT: readonly number[] = [200, 1];

export type OrderState = {
  statusCode: number;
  shipmentStatus: ShipmentStatus | null;
  deliveryType: string;
  paymentStatus: string;
};
export type Move = { statusCode?: number; shipmentStatus?: ShipmentStatus };
export type Outcome =
  | { ok: true; statusCode: number; shipmentStatus: ShipmentStatus | null }
  | { ok: false; message: string };

const pickup = (deliveryType: string) => deliveryType !== "ADDRESS";

/** The shipment status a new order status brings with it. */
function impliedShipment(target: number, order: OrderState): ShipmentStatus | null {
  const current = order.shipmentStatus;
  if (target === 8) return "PROCESSING";
  if (target === 9) return current === "ON_ROUTE" || current === "ON_DELIVERY" ? current : "ON_ROUTE";
  if (target === 14) return "PENDING_TO_PICK";
  if (target === 15) return pickup(order.deliveryType) ? "PICKED" : "DELIVERED";
  if (target === 16) return "INCIDENCE";
  return current;
}

/** The order status a new shipment status brings with it. */
function impliedStatus(shipment: ShipmentStatus, order: OrderState): number {
  if (shipment === "DELIVERED" || shipment === "PICKED") return 15;
  if (shipment === "PENDING_TO_PICK") return 14;
  if (shipment === "PROCESSING") return order.statusCode === 13 ? 8 : order.statusCode;
  if (shipment === "INCIDENCE") return order.statusCode === 14 ? 16 : order.statusCode;
  return 9;
}

/** Checks a move against the tables; the answer is the new state or why it is refused. */
export function applyMove(order: OrderState, move: Move): Outcome {
  if (FINAL_STATUSES.includes(order.statusCode)) {
    return {
      ok: false,
      message: `The order is ${order.statusCode === 15 ? "delivered (15)" : "canceled (10)"}: its status can no longer change`,
    };
  }
  const statusCode =
    move.statusCode ?? (move.shipmentStatus ? impliedStatus(move.shipmentStatus, order) : order.statusCode);
  const shipmentStatus = move.shipmentStatus ?? impliedShipment(statusCode, order);
  if (statusCode === order.statusCode && shipmentStatus === order.shipmentStatus) {
    return {
      ok: false,
      message: `The order is already in status ${statusCode}${shipmentStatus ? ` / ${shipmentStatus}` : ""}`,
    };
  }
  if (statusCode !== order.statusCode && !STATUS_TRANSITIONS[order.statusCode]?.includes(statusCode)) {
    return {
      ok: false,
      message: `Status ${order.statusCode} cannot move to ${statusCode}; allowed: ${STATUS_TRANSITIONS[order.statusCode]?.join(", ") || "none"}`,
    };
  }
  // Only the factory's own counter skips the carrier between production and collection.
  if (order.statusCode === 13 && statusCode === 14 && order.deliveryType !== "FACTORY_PICKUP") {
    return {
      ok: false,
      message: `Status 13 moves to 14 only for FACTORY_PICKUP; a ${order.deliveryType} order is packed (8) and shipped (9) first`,
    };
  }
  if (NOT_FOR[order.deliveryType]?.includes(statusCode)) {
    return { ok: false, message: `Status ${statusCode} does not apply to ${order.deliveryType} deliveries` };
  }
  if (NEEDS_PAYMENT.includes(statusCode) && order.paymentStatus !== "PAID") {
    return {
      ok: false,
      message: `The order is not paid (${order.paymentStatus}): production cannot start; status 4 keeps it for non-payment`,
    };
  }
  if (shipmentStatus !== order.shipmentStatus) {
    if (!shipmentStatus || !SHIPMENT_TRANSITIONS[order.shipmentStatus ?? "NONE"].includes(shipmentStatus)) {
      return {
        ok: false,
        message: `Shipment ${order.shipmentStatus ?? "(none)"} cannot move to ${shipmentStatus ?? "(none)"}`,
      };
    }
    if (SHIPMENT_NOT_FOR[order.deliveryType]?.includes(shipmentStatus)) {
      return {
        ok: false,
        message: `Shipment status ${shipmentStatus} does not apply to ${order.deliveryType} deliveries`,
      };
    }
  }
  if (shipmentStatus && !SHIPMENT_WITH[shipmentStatus].includes(statusCode)) {
    return { ok: false, message: `Shipment status ${shipmentStatus} does not go with order status ${statusCode}` };
  }
  return { ok: true, statusCode, shipmentStatus };
}

/**
 * The natural next step of an order, or null where a person must choose (2 errors, 4 non-payment, 16 not delivered).
 */
export function nextMove(order: OrderState): Move | null {
  const { statusCode, shipmentStatus, deliveryType } = order;
  if (statusCode === 0) return { statusCode: 1 };
  if (statusCode === 200) return { statusCode: 201 };
  if (statusCode === 201) return { statusCode: 202 };
  if (statusCode === 202) return { statusCode: 1 };
  if (statusCode === 1) return { statusCode: 13 };
  if (statusCode === 13) return { statusCode: deliveryType === "FACTORY_PICKUP" ? 14 : 8 };
  if (statusCode === 8 || statusCode === 17) return { statusCode: 9 };
  if (statusCode === 9) {
    if (pickup(deliveryType)) return { statusCode: 14 };
    return shipmentStatus === "ON_DELIVERY" ? { statusCode: 15 } : { shipmentStatus: "ON_DELIVERY" };
  }
  if (statusCode === 14) return { statusCode: 15 };
  return null;
}

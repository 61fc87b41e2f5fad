import type { Order } from "@contract/api/orders";
import { dateTimeFormat } from "@contract/rules/intl-formats";

/** One line of the tracking timeline: an order status, or a shipment status when only the parcel moved. */
export type TimelineEntry = {
  kind: "status" | "shipment";
  code: string;
  shipment: string | null;
  createdAt: string;
  current: boolean;
};

/** A shipment status that would only repeat its order status (delivered and delivered). */
const SAYS_THE_SAME: Record<string, true> = { "15/DELIVERED": true, "14/PENDING_TO_PICK": true };

/**
 * The order's history as the shopper reads it. An event that changed only the shipment (on route → out for delivery)
 * is titled by the shipment status; others by the order status, with the shipment status beside it when it changed.
 */
export function timelineOf(order: Pick<Order, "events">): TimelineEntry[] {
  return order.events.map((event, index) => {
    const previous = order.events[index - 1];
    const shipmentChanged =
      event.shipmentStatus !== null &&
      event.shipmentStatus !== (previous?.shipmentStatus ?? null) &&
      !SAYS_THE_SAME[`${event.statusCode}/${event.shipmentStatus}`];
    const shipmentOnly = previous !== undefined && event.statusCode === previous.statusCode && shipmentChanged;
    return {
      kind: shipmentOnly ? "shipment" : "status",
      code: shipmentOnly ? event.shipmentStatus! : String(event.statusCode ?? previous?.statusCode ?? 0),
      shipment: !shipmentOnly && shipmentChanged ? event.shipmentStatus : null,
      createdAt: event.createdAt,
      current: index === order.events.length - 1,
    };
  });
}

/** Which help-centre topics fit the order now: buying questions until it is paid, waiting ones until it arrives. */
export function helpTopicSetOf(order: Pick<Order, "paymentStatus" | "statusCode">) {
  if (order.paymentStatus !== "PAID") return "beforePurchase" as const;
  return order.statusCode === 15 ? ("ordersReceived" as const) : ("ordersWaiting" as const);
}

/**
 * Each brand country's time zone: dates read the same on the server and in the browser, in the shopper's local time.
 */
const TIME_ZONES: Record<string, string> = {
  PL: "Europe/Warsaw",
  ES: "Europe/Madrid",
  IT: "Europe/Rome",
  DK: "Europe/Copenhagen",
  FR: "Europe/Paris",
  PT: "Europe/Lisbon",
  CZ: "Europe/Prague",
};

export function formatDateTime(iso: string, localeTag: string, country: string) {
  return dateTimeFormat(localeTag, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: TIME_ZONES[country] ?? "UTC",
  }).format(new Date(iso));
}

/** The day alone (lists of orders, invoices), in the brand country's time zone. */
export function formatDate(iso: string, localeTag: string, country: string, style: "medium" | "long" = "medium") {
  return dateTimeFormat(localeTag, { dateStyle: style, timeZone: TIME_ZONES[country] ?? "UTC" }).format(new Date(iso));
}

/** The milestones an order normally passes through, by how it is delivered (docs/decisions/0011). */
const MILESTONES: Record<string, readonly number[]> = {
  ADDRESS: [0, 1, 13, 8, 9, 15],
  PICKPOINT: [0, 1, 13, 8, 9, 14, 15],
  PICKPOINT_CUSTOMER: [0, 1, 13, 8, 9, 14, 15],
  FACTORY_PICKUP: [0, 1, 13, 14, 15],
};
/**
 * Where the states off the main path sit on it: design files and unpaid orders wait before production, errors in it.
 */
const PLACE_ON_PATH: Record<number, number> = { 200: 0, 201: 0, 202: 0, 4: 0, 2: 1 };

/**
 * What is still to come for the order, so the shopper sees the road ahead and not only the way behind: none once it is
 * delivered, cancelled, or held by the carrier (16, 17: the next step depends on what the shop arranges).
 */
export function upcomingMilestones(order: {
  statusCode: number;
  shipment: Pick<Order["shipment"], "deliveryType">;
}): number[] {
  const path = MILESTONES[order.shipment.deliveryType] ?? MILESTONES.ADDRESS!;
  const at = path.includes(order.statusCode) ? order.statusCode : PLACE_ON_PATH[order.statusCode];
  if (at === undefined) return [];
  return path.slice(path.indexOf(at) + 1);
}

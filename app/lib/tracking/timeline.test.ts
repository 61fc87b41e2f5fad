import { describe, expect, it } from "vitest";
import type { DeliveryType } from "@contract/brands/brands";
import { upcomingMilestones } from "./timeline";

const order = (statusCode: number, deliveryType: DeliveryType) => ({ statusCode, shipment: { deliveryType } });

describe("the road ahead of an order", () => {
  it("follows the delivery type: home delivery, pickup points and collection at the workshop", () => {
    expect(upcomingMilestones(order(0, "ADDRESS"))).toEqual([1, 13, 8, 9, 15]);
    expect(upcomingMilestones(order(9, "PICKPOINT"))).toEqual([14, 15]);
    expect(upcomingMilestones(order(13, "FACTORY_PICKUP"))).toEqual([14, 15]);
  });
  it("puts waiting states before production and a production problem in it", () => {
    expect(upcomingMilestones(order(201, "ADDRESS"))).toEqual([1, 13, 8, 9, 15]);
    expect(upcomingMilestones(order(4, "ADDRESS"))).toEqual([1, 13, 8, 9, 15]);
    expect(upcomingMilestones(order(2, "ADDRESS"))).toEqual([13, 8, 9, 15]);
  });
  it("has nothing ahead once delivered or cancelled, or while the carrier holds the parcel", () => {
    for (const code of [15, 10, 16, 17]) expect(upcomingMilestones(order(code, "PICKPOINT"))).toEqual([]);
  });
});

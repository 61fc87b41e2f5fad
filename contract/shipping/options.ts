import type { ShippingOption } from "../api/checkout";
import type { Carrier, DeliveryType } from "../brands/brands";
import { addWorkingDays } from "./working-days";

/**
 * What each carrier charges per delivery type, in minor units of each currency, and its transit time in working days
 * after production. FACTORY_PICKUP has no carrier and is free. The product API prices carts, checkouts and orders with
 * them; the storefront shows what it answers.
 */
type Rate = { price: Record<string, number>; days: [number, number] };
const rate = (eur: number, pln: number, dkk: number, czk: number, days: [number, number]): Rate => ({
  price: { EUR: eur, PLN: pln, DKK: dkk, CZK: czk },
  days,
});

export const CARRIER_RATES: Record<Carrier, Partial<Record<DeliveryType, Rate>>> = {
  CORREOS: {
    ADDRESS: rate(495, 1999, 3900, 12900, [2, 4]),
    PICKPOINT: rate(345, 1299, 2900, 8900, [2, 4]),
    PICKPOINT_CUSTOMER: rate(295, 999, 2500, 7900, [2, 4]),
  },
  MONDIAL_RELAY: {
    ADDRESS: rate(590, 2299, 4500, 14900, [3, 5]),
    PICKPOINT: rate(390, 1399, 2900, 8900, [3, 5]),
    PICKPOINT_CUSTOMER: rate(350, 1199, 2700, 8500, [3, 5]),
  },
  DHL_PARCEL: {
    ADDRESS: rate(595, 1899, 4900, 11900, [1, 3]),
    PICKPOINT: rate(445, 1299, 3500, 8900, [1, 3]),
    PICKPOINT_CUSTOMER: rate(395, 1199, 3200, 8500, [1, 3]),
  },
  GLS: {
    ADDRESS: rate(545, 1799, 4500, 10900, [1, 3]),
    PICKPOINT: rate(395, 1199, 3200, 7900, [1, 3]),
    PICKPOINT_CUSTOMER: rate(350, 1099, 2900, 7500, [1, 3]),
  },
  CHRONOEXPRESS: { ADDRESS: rate(795, 2999, 6900, 17900, [1, 1]) },
  UPS: { ADDRESS: rate(895, 3299, 7900, 19900, [1, 2]), PICKPOINT: rate(595, 1999, 4900, 12900, [1, 3]) },
};

/** Above this subtotal (after the promotion) every carrier's delivery is free, per currency. */
export const FREE_SHIPPING_FROM: Record<string, number> = { EUR: 5000, PLN: 19900, DKK: 40000, CZK: 150000 };

/**
 * How much more (after the promotion) makes delivery free: 0 once reached, null where the currency has no threshold.
 */
export function freeShippingRemaining(currency: string, subtotalAfterDiscount: number): number | null {
  const threshold = FREE_SHIPPING_FROM[currency];
  return threshold === undefined ? null : Math.max(0, threshold - subtotalAfterDiscount);
}

/** Working days before an order is ready to leave the factory (or to be collected there). */
const PRODUCTION_DAYS: [number, number] = [2, 4];

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Every way the brand can deliver an order of this subtotal, cheapest first within each delivery type. */
export function shippingOptions(
  brand: { carriers: readonly Carrier[]; deliveryTypes: readonly DeliveryType[]; currency: string },
  subtotalAfterDiscount: number,
  today: Date,
): ShippingOption[] {
  const free = subtotalAfterDiscount >= (FREE_SHIPPING_FROM[brand.currency] ?? Number.POSITIVE_INFINITY);
  const options: ShippingOption[] = [];
  for (const deliveryType of brand.deliveryTypes) {
    if (deliveryType === "FACTORY_PICKUP") {
      options.push({
        deliveryType,
        carrier: null,
        price: 0,
        earliest: isoDate(addWorkingDays(today, PRODUCTION_DAYS[0])),
        latest: isoDate(addWorkingDays(today, PRODUCTION_DAYS[1])),
      });
      continue;
    }
    const byCarrier = brand.carriers.flatMap((carrier) => {
      const found = CARRIER_RATES[carrier][deliveryType];
      if (!found) return [];
      return [
        {
          deliveryType,
          carrier,
          price: free ? 0 : (found.price[brand.currency] ?? found.price.EUR!),
          earliest: isoDate(addWorkingDays(today, PRODUCTION_DAYS[0] + found.days[0])),
          latest: isoDate(addWorkingDays(today, PRODUCTION_DAYS[1] + found.days[1])),
        },
      ];
    });
    options.push(...byCarrier.sort((a, b) => a.price - b.price));
  }
  return options;
}

/** The cart's shipping estimate: the cheapest home delivery (the shopper may pick something cheaper at checkout). */
export function shippingEstimate(
  brand: Parameters<typeof shippingOptions>[0],
  subtotalAfterDiscount: number,
  lineCount: number,
): number {
  if (lineCount === 0) return 0;
  const home = shippingOptions(brand, subtotalAfterDiscount, new Date()).filter(
    (option) => option.deliveryType === "ADDRESS",
  );
  return home.length ? Math.min(...home.map((option) => option.price)) : 0;
}

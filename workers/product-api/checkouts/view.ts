import type { Cart } from "@contract/api/cart";
import {
  savedAddressSchema,
  savedContactSchema,
  savedPaymentSchema,
  savedShipmentSchema,
  type Checkout,
  type Shipment,
  type ShippingOption,
} from "@contract/api/checkout";
import type { Brand } from "@contract/brands/brands";
import { afterPromotion, totalsOf } from "@contract/pricing/totals";
import { shippingOptions } from "@contract/shipping/options";
import { brandOfSite, cartView } from "../carts/view";
import { cartContents, type CartRow } from "../carts/queries";
import { findPickupPoint, withoutCountry } from "../pickup-points/queries";
import { storedSteps } from "./queries";

/** The saved delivery among the options; the factory has no carrier, whatever was stored beside it. */
const isChosen = (option: ShippingOption, shipment: Shipment) =>
  option.deliveryType === shipment.deliveryType &&
  option.carrier === (shipment.deliveryType === "FACTORY_PICKUP" ? null : shipment.carrier);

/**
 * The brand's deliveries for this cart, the saved one among them, and the totals with its price: the checkout shows
 * what the order charges.
 */
export function deliveryOf(brand: Brand, cart: Cart, shipment: Shipment | null, today: Date) {
  const options = shippingOptions(brand, afterPromotion(cart.totals), today);
  const chosen = shipment ? (options.find((option) => isChosen(option, shipment)) ?? null) : null;
  const totals = chosen ? totalsOf({ ...cart.totals, shipping: chosen.price, country: brand.country }) : cart.totals;
  return { shippingOptions: options, chosenShipping: chosen, totals };
}

/** A checkout's cart contents and its stored steps, read side by side: one D1 batch. */
export const checkoutContents = (env: ProductApiEnv, cartId: string, locale: string) =>
  Promise.all([cartContents(env, cartId, locale), storedSteps(env, cartId)]);

/**
 * The contract's checkout: the cart, each saved step (a step stored in another shape counts as not saved), its pickup
 * point and delivery. Its contents are read here unless the caller read them already (ownCartWith).
 */
export async function checkoutView(
  env: ProductApiEnv,
  cart: CartRow,
  locale: string,
  contents?: Awaited<ReturnType<typeof checkoutContents>>,
): Promise<Checkout> {
  const [cartRead, stored] = contents ?? (await checkoutContents(env, cart.id, locale));
  const view = await cartView(env, cart, locale, cartRead);
  const shipment = savedShipmentSchema.safeParse(stored.shipment).data ?? null;
  const point = shipment?.pickupPointId ? await findPickupPoint(env, shipment.pickupPointId) : null;
  return {
    cart: view,
    contact: savedContactSchema.safeParse(stored.contact).data ?? null,
    address: savedAddressSchema.safeParse(stored.address).data ?? null,
    shipment,
    payment: savedPaymentSchema.safeParse(stored.payment).data ?? null,
    pickupPoint: point && withoutCountry(point),
    ...deliveryOf(brandOfSite(cart.site), view, shipment, new Date()),
  };
}

import { data } from "react-router";
import { brandContext, sessionContext } from "../context";
import { allowCustomerMakeOrders, allowLoginOrGuestCheckout, redirectEmptyCustomer } from "../guards/checkout.server";
import { redirectEmptyCart } from "../guards/cart.server";
import { localRedirect, type GuardArgs } from "../guards/redirect.server";
import { placeOrder } from "../orders/place-order.server";

import { pageUrl } from "../page-url";
import { paymentTypeOf } from "@contract/brands/payment-kinds";
import { type CheckoutState, type PickupPoint } from "@contract/api/checkout";
import type { Cart } from "@contract/api/cart";
import { checkoutApi, type CheckoutStep } from "./api.server";
import { checkAddress, checkContact, checkPayment, checkShipment, type FieldErrors } from "@contract/checkout/step-rules";
import { postcodeExample } from "@contract/rules/postcode";
import { shippingOptions } from "@contract/shipping/options";
import { type ShippingOption } from "@contract/api/checkout";
import { CHECKOUT_STEPS } from "@contract/api/checkout";

/** Why the shopper is back on the payment step (`?payment=`): the provider said so, or the payment could not start. */
const PAYMENT_NOTICES = ["failed", "canceled", "error"] as const;

/**
 * The four checkout steps: what each shows (loader) and how each is saved (action). Steps are done in order: a
 * later step opened early leads to the first one not done yet. The product API checks every step again.
 */

type StepNumber = 1 | 2 | 3 | 4;
const PICKUP_TYPES = ["PICKPOINT", "PICKPOINT_CUSTOMER"] as const;
export const optionValue = (option: Pick<ShippingOption, "deliveryType" | "carrier">) => `${option.deliveryType}:${option.carrier ?? ""}`;

export function firstIncompleteStep(state: CheckoutState): StepNumber {
  if (!state.contact) return 1;
  if (!state.address) return 2;
  if (!state.shipment) return 3;
  return 4;
}

function stepOf(value: string | null): StepNumber {
  const step = Number(value);
  return step === 2 || step === 3 || step === 4 ? step : 1;
}

/** The guards, in the spec's order, then the cart and its checkout (a cart the session lost means: back to the cart). */
async function openCheckout(args: GuardArgs) {
  const cartId = args.context.get(sessionContext).data.cartId;
  // Read alongside the guards (whose cart summary the root loader shares), not after them.
  const loading = cartId ? checkoutApi(args.context).load(cartId) : Promise.resolve(null);
  loading.catch(() => undefined); // a guard that redirects first leaves this unread: not an unhandled rejection
  await redirectEmptyCart(args);
  const buyer = allowLoginOrGuestCheckout(args);
  allowCustomerMakeOrders(args);
  const loaded = await loading;
  if (!loaded || loaded.cart.lines.length === 0) throw localRedirect(args.context, "/cart");
  const guestEmail = typeof loaded.state.contact?.email === "string" ? loaded.state.contact.email : null;
  redirectEmptyCustomer(args, guestEmail);
  return { buyer, ...loaded };
}

const strings = (record: Record<string, unknown> | null) =>
  Object.fromEntries(Object.entries(record ?? {}).filter(([, value]) => typeof value === "string")) as Record<string, string>;

const afterDiscount = (cart: Cart) => cart.subtotal - (cart.promotion?.amount ?? 0);

function chosenOption(options: ShippingOption[], shipment: Record<string, unknown> | null) {
  return shipment ? options.find((option) => option.deliveryType === shipment.deliveryType && option.carrier === (shipment.carrier ?? null)) ?? null : null;
}

/** Lines, promotion, the chosen shipping (the cart's estimate until one is chosen), VAT and total. */
function summaryOf(cart: Cart, chosen: ShippingOption | null) {
  const shipping = chosen ? chosen.price : cart.shipping;
  const total = afterDiscount(cart) + shipping;
  return {
    lines: cart.lines.map(({ id, name, quantity, total: lineTotal, options }) => ({ id, name, quantity, total: lineTotal, options: options.map(({ group, code }) => ({ group, code })) })),
    subtotal: cart.subtotal,
    promotion: cart.promotion,
    shipping,
    shippingChosen: !!chosen,
    vatRate: cart.vatRate,
    vat: Math.round((total * cart.vatRate) / (100 + cart.vatRate)),
    total,
  };
}

export async function checkoutPage(args: GuardArgs) {
  const { buyer, cart, state } = await openCheckout(args);
  const url = pageUrl(args.request);
  const first = firstIncompleteStep(state);
  const step = stepOf(url.searchParams.get("step"));
  if (step > first) throw localRedirect(args.context, `/checkout?step=${first}`);
  const brand = args.context.get(brandContext);
  const options = shippingOptions(brand, afterDiscount(cart), new Date());
  const summary = summaryOf(cart, chosenOption(options, state.shipment));
  const base = { step, completed: first - 1, summary, mode: buyer.mode };

  if (step === 1) {
    const saved = strings(state.contact);
    const fromAccount: Record<string, string> = buyer.mode === "customer" ? { email: buyer.customer.email, firstName: buyer.customer.firstName, lastName: buyer.customer.lastName } : {};
    const values: Record<string, string> = { customerType: "PERSON", ...fromAccount, ...saved };
    return { ...base, view: { step: 1 as const, values } };
  }
  if (step === 2) {
    return { ...base, view: { step: 2 as const, values: strings(state.address), country: brand.country, postcodeExample: postcodeExample(brand.country) } };
  }
  if (step === 3) {
    const saved = chosenOption(options, state.shipment);
    const asked = options.find((option) => optionValue(option) === url.searchParams.get("option"));
    const selected = asked ?? saved ?? options[0]!;
    const pickup = (PICKUP_TYPES as readonly string[]).includes(selected.deliveryType) && selected.carrier ? selected : null;
    const postcode = (url.searchParams.get("postcode") ?? strings(state.address).postcode ?? "").trim().slice(0, 12);
    let points: PickupPoint[] = [];
    if (pickup && /\d/.test(postcode)) {
      const kind = pickup.deliveryType === "PICKPOINT" ? "CARRIER" : "PARTNER";
      points = (await checkoutApi(args.context).pickupPoints({ postcode, kind, carrier: pickup.carrier! })).items;
    }
    // The saved point stays on the list (and chosen) while its delivery is the one shown.
    const savedPoint = saved && optionValue(saved) === optionValue(selected) ? state.pickupPoint : null;
    if (savedPoint && !points.some((point) => point.id === savedPoint.id)) points = [savedPoint, ...points];
    return {
      ...base,
      view: {
        step: 3 as const,
        options,
        values: { option: optionValue(selected), pickupPointId: savedPoint?.id ?? url.searchParams.get("pickupPointId") ?? "" } as Record<string, string> & { option: string; pickupPointId: string },
        postcode,
        points,
      },
    };
  }
  const notice = PAYMENT_NOTICES.find((known) => known === url.searchParams.get("payment")) ?? null;
  return {
    ...base,
    view: {
      step: 4 as const,
      methods: brand.paymentMethods.map((method) => ({ method, type: paymentTypeOf(method) })),
      values: strings(state.payment),
      paymentNotice: notice,
      contact: strings(state.contact),
      address: strings(state.address),
      shipment: chosenOption(options, state.shipment),
      pickupPoint: state.pickupPoint,
    },
  };
}

export type CheckoutActionData = { step: StepNumber; fieldErrors: FieldErrors; values: Record<string, string> };

const refuse = (step: StepNumber, fieldErrors: FieldErrors, values: Record<string, string>) =>
  data<CheckoutActionData>({ step, fieldErrors, values }, { status: 400 });

/** Validates the step here (the shopper's field errors without a round trip), saves it, and goes to the next one. */
export async function saveCheckoutStep(args: GuardArgs) {
  const { cart, state } = await openCheckout(args);
  const form = await args.request.formData();
  const values = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const step = stepOf(values.step ?? pageUrl(args.request).searchParams.get("step"));
  const first = firstIncompleteStep(state);
  if (step > first) throw localRedirect(args.context, `/checkout?step=${first}`, 303);
  const brand = args.context.get(brandContext);
  const api = checkoutApi(args.context);

  let checked;
  if (step === 1) checked = checkContact(brand, values);
  else if (step === 2) checked = checkAddress(brand, values);
  else if (step === 3) {
    const [deliveryType = "", carrier = ""] = (values.option ?? "").split(":");
    const usesPoint = (PICKUP_TYPES as readonly string[]).includes(deliveryType);
    checked = await checkShipment(brand, { deliveryType, carrier, pickupPointId: usesPoint ? values.pickupPointId : "" }, (id) => api.pickupPoint(id));
    // An unknown delivery type or carrier is one question on the page: which delivery.
    if (!checked.ok && (checked.fieldErrors.deliveryType || checked.fieldErrors.carrier)) checked = { ok: false as const, fieldErrors: { option: checked.fieldErrors.deliveryType ?? checked.fieldErrors.carrier! } };
  } else checked = checkPayment(brand, values);
  if (!checked.ok) return refuse(step, checked.fieldErrors, values);

  const saved = await api.save(cart.id, CHECKOUT_STEPS[step - 1] as CheckoutStep, checked.value as Record<string, string | null | undefined>);
  if (!saved.ok) return refuse(step, saved.fieldErrors, values);
  if (step === 4) return placeOrder(args);
  return localRedirect(args.context, `/checkout?step=${step + 1}`, 303);
}

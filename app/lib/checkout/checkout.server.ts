import { CHECKOUT_STEPS, type Checkout, type PickupPoint } from "@contract/api/checkout";
import type { CheckoutStepNumber } from "@contract/api/errors";
import { paymentTypeOf } from "@contract/brands/payment-kinds";
import {
  checkAddress,
  checkContact,
  checkPayment,
  checkShipment,
  type StepResult,
} from "@contract/checkout/step-rules";
import { postcodeExample } from "@contract/rules/postcode";
import { uploadPath } from "@contract/api/upload-previews";
import { accountsApi } from "~/lib/accounts/api.server";
import { cartPageRead } from "~/lib/cart/current.server";
import { readForm, refuse } from "~/lib/forms/form.server";
import { redirectEmptyCart } from "~/lib/guards/cart.server";
import {
  allowCustomerMakeOrders,
  allowLoginOrGuestCheckout,
  redirectEmptyCustomer,
} from "~/lib/guards/checkout.server";
import { localRedirect, type GuardArgs } from "~/lib/guards/redirect.server";
import { placeOrder } from "~/lib/orders/place-order.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { optionLabel, pagesText } from "@contract/catalogue/option-label";
import { brandContext, i18nContext, sessionContext } from "~/lib/request/context/keys";
import { checkoutApi } from "./api.server";
import { optionValue, PICKUP_TYPES } from "./shipping-choice";

/** Why the shopper is back on the payment step (`?payment=`): the provider said so, or the payment could not start. */
const PAYMENT_NOTICES = ["failed", "canceled", "error"] as const;

/**
 * The four checkout steps: what each shows (loader) and how each is saved (action). Steps are done in order: a
 * later step opened early leads to the first one not done yet. The product API checks every step again, and prices
 * the checkout: the page shows its delivery options and totals as they come.
 */

export function firstIncompleteStep(checkout: Pick<Checkout, "contact" | "address" | "shipment">): CheckoutStepNumber {
  if (!checkout.contact) return 1;
  if (!checkout.address) return 2;
  if (!checkout.shipment) return 3;
  return 4;
}

function stepOf(value: string | null | undefined): CheckoutStepNumber {
  const step = Number(value);
  return step === 2 || step === 3 || step === 4 ? step : 1;
}

/** The checkout page's read: the session's cart's checkout, or null (no cart, or one the session no longer owns). */
export const checkoutRead = cartPageRead(
  (context) => {
    const cartId = context.get(sessionContext).data.cartId;
    return cartId ? checkoutApi(context).load(cartId) : Promise.resolve(null);
  },
  (checkout) => checkout?.cart ?? null,
);

/** The guards, in the spec's order, then the cart's checkout (a cart the session lost means: back to the cart). */
async function openCheckout(args: GuardArgs) {
  // Read alongside the guards (whose cart summary the root loader shares), not after them: on a GET, before them.
  const loading = checkoutRead.answer(args);
  loading.catch(() => undefined); // a guard that redirects first leaves this unread: not an unhandled rejection
  await redirectEmptyCart(args);
  const buyer = allowLoginOrGuestCheckout(args);
  allowCustomerMakeOrders(args);
  const checkout = await loading;
  if (!checkout || checkout.cart.lines.length === 0) throw localRedirect(args.context, "/cart");
  redirectEmptyCustomer(args, checkout.contact?.email ?? null);
  return { buyer, checkout };
}

/** A saved step as the form's text values. */
const textValues = (saved: object | null): Record<string, string> =>
  Object.fromEntries(
    Object.entries(saved ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );

export async function checkoutPage(args: GuardArgs) {
  const { buyer, checkout } = await openCheckout(args);
  const url = pageUrl(args.request);
  const first = firstIncompleteStep(checkout);
  const step = stepOf(url.searchParams.get("step"));
  if (step > first) throw localRedirect(args.context, `/checkout?step=${first}`);
  const brand = args.context.get(brandContext);
  const { cart, shippingOptions: options, chosenShipping } = checkout;
  const { t } = args.context.get(i18nContext);
  const summary = {
    // What each line is, in words (a creator design's name, then its options), and a creator design's preview.
    lines: cart.lines.map(({ id, name, quantity, total, options, designName, designPreview, ...pages }) => ({
      id,
      name,
      quantity,
      total,
      detail: [
        designName && t("cart.line.yourDesign", { name: designName }),
        ...options.map((option) => optionLabel(t, option.group, option.code)),
        pagesText(t, pages),
      ]
        .filter(Boolean)
        .join(" · "),
      preview: designPreview && uploadPath(designPreview),
    })),
    totals: checkout.totals,
    shippingChosen: !!chosenShipping,
  };
  const base = { step, completed: first - 1, summary, mode: buyer.mode };

  // A customer's contact and default address fill the first two steps until they are saved.
  const profile =
    buyer.mode === "customer" && step <= 2 && !(step === 1 ? checkout.contact : checkout.address)
      ? await accountsApi(args.context).profile(buyer.customer.id)
      : null;
  if (step === 1) {
    const account = profile ?? (buyer.mode === "customer" ? buyer.customer : null);
    const fromAccount: Record<string, string> = account
      ? textValues({
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          ...(profile && {
            phone: profile.phone,
            customerType: profile.customerType,
            companyName: profile.companyName,
            taxId: profile.taxId,
          }),
        })
      : {};
    const values: Record<string, string> = { customerType: "PERSON", ...fromAccount, ...textValues(checkout.contact) };
    return { ...base, view: { step: 1 as const, values } };
  }
  if (step === 2) {
    const values = checkout.address ? textValues(checkout.address) : textValues(profile?.defaultAddress ?? null);
    return {
      ...base,
      view: { step: 2 as const, values, country: brand.country, postcodeExample: postcodeExample(brand.country) },
    };
  }
  if (step === 3) {
    const asked = options.find((option) => optionValue(option) === url.searchParams.get("option"));
    const selected = asked ?? chosenShipping ?? options[0]!;
    const pickup = PICKUP_TYPES.includes(selected.deliveryType) && selected.carrier ? selected : null;
    const postcode = (url.searchParams.get("postcode") ?? checkout.address?.postcode ?? "").trim().slice(0, 12);
    let points: PickupPoint[] = [];
    if (pickup && /\d/.test(postcode)) {
      const kind = pickup.deliveryType === "PICKPOINT" ? "CARRIER" : "PARTNER";
      points = (await checkoutApi(args.context).pickupPoints({ postcode, kind, carrier: pickup.carrier! })).items;
    }
    // The saved point stays on the list (and chosen) while its delivery is the one shown.
    const savedPoint =
      chosenShipping && optionValue(chosenShipping) === optionValue(selected) ? checkout.pickupPoint : null;
    if (savedPoint && !points.some((point) => point.id === savedPoint.id)) points = [savedPoint, ...points];
    return {
      ...base,
      view: {
        step: 3 as const,
        options,
        values: {
          option: optionValue(selected),
          pickupPointId: savedPoint?.id ?? url.searchParams.get("pickupPointId") ?? "",
        } as Record<string, string> & { option: string; pickupPointId: string },
        postcode,
        points,
        managedDelivery:
          checkout.contact?.customerType === "COMPANY" && brand.contactChannels.includes("formContactRequestBudget"),
      },
    };
  }
  const notice = PAYMENT_NOTICES.find((known) => known === url.searchParams.get("payment")) ?? null;
  return {
    ...base,
    view: {
      step: 4 as const,
      methods: brand.paymentMethods.map((method) => ({ method, type: paymentTypeOf(method) })),
      values: textValues(checkout.payment),
      paymentNotice: notice,
      contact: checkout.contact,
      address: checkout.address,
      shipment: chosenShipping,
      pickupPoint: checkout.pickupPoint,
    },
  };
}

/** Validates the step here (the shopper's field errors without a round trip), saves it, and goes to the next one. */
export async function saveCheckoutStep(args: GuardArgs) {
  const { checkout } = await openCheckout(args);
  const values = await readForm(args);
  const step = stepOf(values.step ?? pageUrl(args.request).searchParams.get("step"));
  const first = firstIncompleteStep(checkout);
  if (step > first) throw localRedirect(args.context, `/checkout?step=${first}`, 303);
  const brand = args.context.get(brandContext);
  const api = checkoutApi(args.context);

  let checked: StepResult<unknown>;
  if (step === 1) checked = checkContact(brand, values);
  else if (step === 2) checked = checkAddress(brand, values);
  else if (step === 3) {
    const [deliveryType = "", carrier = ""] = (values.option ?? "").split(":");
    const usesPoint = PICKUP_TYPES.includes(deliveryType);
    checked = await checkShipment(
      brand,
      { deliveryType, carrier, pickupPointId: usesPoint ? values.pickupPointId : "" },
      (id) => api.pickupPoint(id),
    );
    // An unknown delivery type or carrier is one question on the page: which delivery.
    if (!checked.ok && (checked.fieldErrors.deliveryType || checked.fieldErrors.carrier))
      checked = {
        ok: false as const,
        fieldErrors: { option: checked.fieldErrors.deliveryType ?? checked.fieldErrors.carrier! },
      };
  } else checked = checkPayment(brand, values);
  if (!checked.ok) return refuse({ ...values, step: String(step) }, checked.fieldErrors);

  const saved = await api.save(
    checkout.cart.id,
    CHECKOUT_STEPS[step - 1]!,
    checked.value as Record<string, string | null | undefined>,
  );
  if (!saved.ok) return refuse({ ...values, step: String(step) }, saved.fieldErrors);
  if (step === 4) return placeOrder(args);
  return localRedirect(args.context, `/checkout?step=${step + 1}`, 303);
}

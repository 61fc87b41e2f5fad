import { z } from "zod";
import { CARRIERS, DELIVERY_TYPES, PAYMENT_METHODS } from "../brands/brands";
import { isEmail } from "../rules/email";
import { isValidPostcode } from "../rules/postcode";
import { isValidTaxId } from "../rules/tax-id";
import { cartParams, cartSchema } from "./cart";
import { CHECKOUT_STEPS, CUSTOMER_TYPES, PICKUP_POINT_KINDS } from "./enums";
import { totalsSchema } from "./totals";

/**
 * The checkout part of the product API contract: what each step takes and stores, and the checkout as the API shows
 * it (the cart, each saved step, the delivery options and the totals with the chosen delivery).
 * Field errors carry translation keys (`checkout.errors.*`), so the storefront shows them in the shopper's language.
 */

export { CHECKOUT_STEPS, CUSTOMER_TYPES, PICKUP_POINT_KINDS };
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

const text = (max: number) => z.string().trim().min(1, "checkout.errors.required").max(max, "checkout.errors.tooLong");
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "checkout.errors.tooLong")
    .optional()
    .transform((value) => value || undefined);

/** Step 1 as given. A company needs its name and the country's tax id. */
export function contactSchema(country: string) {
  return z
    .object({
      email: z
        .string()
        .trim()
        .toLowerCase()
        .max(254, "checkout.errors.tooLong")
        .refine(isEmail, "checkout.errors.email"),
      customerType: z.enum(CUSTOMER_TYPES, { message: "checkout.errors.required" }),
      firstName: text(100),
      lastName: text(100),
      phone: z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{6,20}$/, "checkout.errors.phone"),
      companyName: optionalText(200),
      taxId: optionalText(30),
    })
    .superRefine((value, ctx) => {
      if (value.customerType !== "COMPANY") return;
      if (!value.companyName)
        ctx.addIssue({ code: "custom", path: ["companyName"], message: "checkout.errors.required" });
      if (!value.taxId) ctx.addIssue({ code: "custom", path: ["taxId"], message: "checkout.errors.required" });
      else if (!isValidTaxId(country, value.taxId))
        ctx.addIssue({ code: "custom", path: ["taxId"], message: "checkout.errors.taxId" });
    });
}

/** Step 2 as given. Delivery is within the brand's country. */
export function addressSchema(country: string) {
  return z.object({
    street: text(200),
    streetExtra: optionalText(200),
    postcode: z
      .string()
      .trim()
      .refine((value) => isValidPostcode(country, value), "checkout.errors.postcode"),
    city: text(100),
    province: optionalText(100),
    country: z.literal(country, { message: "checkout.errors.country" }),
  });
}

/** Step 3 as given. Pickup-point deliveries name their point; the factory has no carrier. */
export const shipmentSchema = z
  .object({
    deliveryType: z.enum(DELIVERY_TYPES, { message: "checkout.errors.deliveryType" }),
    carrier: z.enum(CARRIERS, { message: "checkout.errors.carrier" }).nullable(),
    pickupPointId: z.string().trim().max(64).nullable(),
  })
  .superRefine((value, ctx) => {
    const needsPoint = value.deliveryType === "PICKPOINT" || value.deliveryType === "PICKPOINT_CUSTOMER";
    if (needsPoint && !value.pickupPointId)
      ctx.addIssue({ code: "custom", path: ["pickupPointId"], message: "checkout.errors.pickupPoint" });
    if (value.deliveryType !== "FACTORY_PICKUP" && !value.carrier)
      ctx.addIssue({ code: "custom", path: ["carrier"], message: "checkout.errors.carrier" });
  });

/** Step 4 as given. */
export const paymentChoiceSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { message: "checkout.errors.paymentMethod" }),
});

/** Each step as the API keeps and shows it: what its schema let through, without checking it again. */
export const savedContactSchema = z.object({
  email: z.string(),
  customerType: z.enum(CUSTOMER_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  companyName: z.string().optional(),
  taxId: z.string().optional(),
});
export type Contact = z.infer<typeof savedContactSchema>;
export const savedAddressSchema = z.object({
  street: z.string(),
  streetExtra: z.string().optional(),
  postcode: z.string(),
  city: z.string(),
  province: z.string().optional(),
  country: z.string().length(2),
});
export type Address = z.infer<typeof savedAddressSchema>;
export const savedShipmentSchema = z.object({
  deliveryType: z.enum(DELIVERY_TYPES),
  carrier: z.enum(CARRIERS).nullable(),
  pickupPointId: z.string().nullable(),
});
export type Shipment = z.infer<typeof savedShipmentSchema>;
export const savedPaymentSchema = paymentChoiceSchema;

// What a step's schema lets through is what its saved form describes.
type Fits<Given, Saved> = Given extends Saved ? true : never;
const _stepsFit: [
  Fits<z.output<ReturnType<typeof contactSchema>>, Contact>,
  Fits<z.output<ReturnType<typeof addressSchema>>, Address>,
  Fits<z.output<typeof shipmentSchema>, Shipment>,
] = [true, true, true];
void _stepsFit;

export const pickupPointSchema = z.object({
  id: z.string(),
  kind: z.enum(PICKUP_POINT_KINDS),
  carrier: z.enum(CARRIERS),
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  openingHours: z.string(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;
export const pickupPointListSchema = z.object({ items: z.array(pickupPointSchema) });
/** One point, with the country it is in. */
export const pickupPointDetailSchema = pickupPointSchema.extend({ country: z.string().length(2) });
export type PickupPointDetail = z.infer<typeof pickupPointDetailSchema>;
/** The points nearest a postcode (by how far its number is from theirs), ten at most. */
export const pickupPointSearchParams = z.object({
  country: z.string().length(2).toUpperCase(),
  postcode: z.string().trim().max(12).regex(/\d/),
  kind: z.enum(PICKUP_POINT_KINDS).default("CARRIER"),
  carrier: z.enum(CARRIERS).optional(),
});

/** A way the brand can deliver this cart: its price (free above the threshold) and its delivery dates. */
const shippingOptionSchema = z.object({
  deliveryType: z.enum(DELIVERY_TYPES),
  /** null for FACTORY_PICKUP. */
  carrier: z.enum(CARRIERS).nullable(),
  price: z.number().int(),
  earliest: z.iso.date(),
  latest: z.iso.date(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** A cart being checked out: each step as saved (null until then), the options to deliver it, and its totals. */
export const checkoutSchema = z.object({
  cart: cartSchema,
  contact: savedContactSchema.nullable(),
  address: savedAddressSchema.nullable(),
  shipment: savedShipmentSchema.nullable(),
  payment: savedPaymentSchema.nullable(),
  /** The saved shipment's point, as the shopper saw it. */
  pickupPoint: pickupPointSchema.nullable(),
  shippingOptions: z.array(shippingOptionSchema),
  /** The saved delivery among the options, or null until one is saved. */
  chosenShipping: shippingOptionSchema.nullable(),
  /** With the chosen delivery's price; the cart's estimate until one is chosen. */
  totals: totalsSchema,
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** The checkout shows its cart, so it is read in a language like the cart. */
export const checkoutParams = cartParams;
/**
 * A step's fields travel beside the caller's parameters; the step's rules (contract/checkout/step-rules.ts) read them.
 */
export const checkoutStepParams = z.looseObject(checkoutParams.shape);

import { z } from "zod";
import { CARRIERS, DELIVERY_TYPES, PAYMENT_METHODS } from "../brand/brands";
import { isValidPostcode, isValidTaxId } from "../checkout/country-rules";
import { isEmail } from "../rules";

/**
 * The checkout part of the product API contract: what each step stores, orders, payments and tracking.
 * Field errors carry translation keys (`checkout.errors.*`), so the storefront shows them in the shopper's language.
 */

export const CUSTOMER_TYPES = ["PERSON", "COMPANY"] as const;
export const PAYMENT_TYPES = ["BANK_RECEIPT", "TRANSFER", "ONLINE_PREPAID"] as const;
export const PAYMENT_STATUSES = ["PENDING", "PAID", "CANCELED"] as const;
/** A payment attempt's own state (an order stays PENDING after a FAILED attempt, and can be paid again). */
export const PAYMENT_ATTEMPT_STATUSES = ["PENDING", "PAID", "FAILED", "CANCELED"] as const;
export const ORDER_STATUS_CODES = [0, 1, 2, 4, 8, 9, 10, 13, 14, 15, 16, 17, 200, 201, 202] as const;
export const SHIPMENT_STATUSES = ["PROCESSING", "ON_ROUTE", "ON_DELIVERY", "DELIVERED", "INCIDENCE", "PENDING_TO_PICK", "PICKED"] as const;
export const USER_REQUIRED_ACTION_TYPES = ["PROVIDE_DATA_TO_REFUND"] as const;

/** How each payment method is paid: online through the provider's page, or offline (a transfer or a bank receipt). */
export function paymentTypeOf(method: (typeof PAYMENT_METHODS)[number]): (typeof PAYMENT_TYPES)[number] {
  if (method === "BANK_TRANSFER") return "TRANSFER";
  if (method === "MULTIBANCO" || method === "BILLING_ACCOUNT") return "BANK_RECEIPT";
  return "ONLINE_PREPAID";
}

const text = (max: number) => z.string().trim().min(1, "checkout.errors.required").max(max, "checkout.errors.tooLong");
const optionalText = (max: number) => z.string().trim().max(max, "checkout.errors.tooLong").optional().transform((value) => value || undefined);

/** Step 1. A company needs its name and the country's tax id. */
export function contactSchema(country: string) {
  return z
    .object({
      email: z.string().trim().toLowerCase().max(254, "checkout.errors.tooLong").refine(isEmail, "checkout.errors.email"),
      customerType: z.enum(CUSTOMER_TYPES, { message: "checkout.errors.required" }),
      firstName: text(100),
      lastName: text(100),
      phone: z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, "checkout.errors.phone"),
      companyName: optionalText(200),
      taxId: optionalText(30),
    })
    .superRefine((value, ctx) => {
      if (value.customerType !== "COMPANY") return;
      if (!value.companyName) ctx.addIssue({ code: "custom", path: ["companyName"], message: "checkout.errors.required" });
      if (!value.taxId) ctx.addIssue({ code: "custom", path: ["taxId"], message: "checkout.errors.required" });
      else if (!isValidTaxId(country, value.taxId)) ctx.addIssue({ code: "custom", path: ["taxId"], message: "checkout.errors.taxId" });
    });
}
export type Contact = z.infer<ReturnType<typeof contactSchema>>;

/** Step 2. Delivery is within the brand's country. */
export function addressSchema(country: string) {
  return z.object({
    street: text(200),
    streetExtra: optionalText(200),
    postcode: z.string().trim().refine((value) => isValidPostcode(country, value), "checkout.errors.postcode"),
    city: text(100),
    province: optionalText(100),
    country: z.literal(country, { message: "checkout.errors.country" }),
  });
}
export type Address = z.infer<ReturnType<typeof addressSchema>>;

/** Step 3. Pickup-point deliveries name their point; the factory has no carrier. */
export const shipmentSchema = z
  .object({
    deliveryType: z.enum(DELIVERY_TYPES, { message: "checkout.errors.deliveryType" }),
    carrier: z.enum(CARRIERS, { message: "checkout.errors.carrier" }).nullable(),
    pickupPointId: z.string().trim().max(64).nullable(),
  })
  .superRefine((value, ctx) => {
    const needsPoint = value.deliveryType === "PICKPOINT" || value.deliveryType === "PICKPOINT_CUSTOMER";
    if (needsPoint && !value.pickupPointId) ctx.addIssue({ code: "custom", path: ["pickupPointId"], message: "checkout.errors.pickupPoint" });
    if (value.deliveryType !== "FACTORY_PICKUP" && !value.carrier) ctx.addIssue({ code: "custom", path: ["carrier"], message: "checkout.errors.carrier" });
  });
export type Shipment = z.infer<typeof shipmentSchema>;

/** Step 4. */
export const paymentChoiceSchema = z.object({ method: z.enum(PAYMENT_METHODS, { message: "checkout.errors.paymentMethod" }) });
export type PaymentChoice = z.infer<typeof paymentChoiceSchema>;

export const pickupPointSchema = z.object({
  id: z.string(),
  kind: z.enum(["CARRIER", "PARTNER"]),
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

/** What the product API keeps of a checkout: each step as entered (null until saved), and the chosen pickup point. */
export const checkoutStateSchema = z.object({
  cartId: z.string(),
  contact: z.record(z.string(), z.unknown()).nullable(),
  address: z.record(z.string(), z.unknown()).nullable(),
  shipment: z.record(z.string(), z.unknown()).nullable(),
  payment: z.record(z.string(), z.unknown()).nullable(),
  pickupPoint: pickupPointSchema.nullable(),
});
export type CheckoutState = z.infer<typeof checkoutStateSchema>;

export const orderLineSchema = z.object({
  articleId: z.number().int(),
  name: z.string(),
  namePlural: z.string(),
  slug: z.string(),
  image: z.string(),
  options: z.array(z.object({ id: z.number().int(), group: z.string(), code: z.string() })),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  total: z.number().int(),
  designId: z.string().nullable(),
});

export const orderEventSchema = z.object({
  statusCode: z.number().int().nullable(),
  shipmentStatus: z.enum(SHIPMENT_STATUSES).nullable(),
  createdAt: z.string(),
});

export const userRequiredActionSchema = z.object({
  publicId: z.string(),
  type: z.enum(USER_REQUIRED_ACTION_TYPES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** What the shopper answered, for showing back: the account holder and the IBAN masked to its country and last digits. */
  answer: z.object({ holder: z.string(), ibanMasked: z.string() }).nullable().default(null),
});
export type UserRequiredAction = z.infer<typeof userRequiredActionSchema>;

export const orderSchema = z.object({
  publicId: z.string(),
  site: z.string(),
  cartId: z.string(),
  locale: z.string(),
  email: z.string(),
  contact: z.record(z.string(), z.unknown()),
  address: z.record(z.string(), z.unknown()),
  shipment: z.record(z.string(), z.unknown()),
  pickupPoint: pickupPointSchema.nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentType: z.enum(PAYMENT_TYPES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  statusCode: z.number().int(),
  shipmentStatus: z.enum(SHIPMENT_STATUSES).nullable(),
  trackingReference: z.string().nullable(),
  currency: z.string().length(3),
  subtotal: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  promotionCode: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  lines: z.array(orderLineSchema),
  events: z.array(orderEventSchema),
  userRequiredActions: z.array(userRequiredActionSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  orderPublicId: z.string(),
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  currency: z.string().length(3),
  status: z.enum(PAYMENT_ATTEMPT_STATUSES),
  site: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The refund details of a PROVIDE_DATA_TO_REFUND action. The IBAN is checked with its mod-97 checksum. */
export const refundDataSchema = z.object({
  holder: text(140),
  iban: z
    .string()
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .refine((value) => isValidIban(value), "checkout.errors.iban"),
});

export function isValidIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const rearranged = value.slice(4) + value.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

export const pickupPointListSchema = z.object({ items: z.array(pickupPointSchema) });

/** A step the product API refused: field → translation key, beside the usual error (code 4000). */
export const checkoutRejectionSchema = z.object({
  fieldErrors: z.record(z.string(), z.string()),
  error: z.object({ code: z.number().int(), message: z.string() }),
});

import { z } from "zod";
import { PAYMENT_METHODS } from "../brands/brands";
import { PAYMENT_TYPES } from "../brands/payment-kinds";
import { LOCALES } from "../locales/locales";
import { isValidIban } from "../rules/iban";
import { attributionField } from "./attribution";
import { pickupPointSchema, savedAddressSchema, savedContactSchema, savedShipmentSchema } from "./checkout";
import { DELIVERY_MODES, OPTION_GROUPS } from "./enums";
import { siteParams, siteUrlParam, visitorParams } from "./params";
import { totalsSchema } from "./totals";
import { uploadId } from "./uploads";

/** The order part of the product API contract: orders, their history and required actions, and payments. */

export const PAYMENT_STATUSES = ["PENDING", "PAID", "CANCELED"] as const;
/** A payment attempt's own state (an order stays PENDING after a FAILED attempt, and can be paid again). */
const PAYMENT_ATTEMPT_STATUSES = ["PENDING", "PAID", "FAILED", "CANCELED"] as const;
export const ORDER_STATUS_CODES = [0, 1, 2, 4, 8, 9, 10, 13, 14, 15, 16, 17, 200, 201, 202] as const;
export const SHIPMENT_STATUSES = [
  "PROCESSING",
  "ON_ROUTE",
  "ON_DELIVERY",
  "DELIVERED",
  "INCIDENCE",
  "PENDING_TO_PICK",
  "PICKED",
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
const USER_REQUIRED_ACTION_TYPES = ["PROVIDE_DATA_TO_REFUND"] as const;
export const PAYMENT_EVENT_TYPES = ["payment.succeeded", "payment.failed", "payment.canceled"] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** Order public ids: the brand's country and eight unambiguous base32 characters, e.g. `ES-7K3M9Q2X`. */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const orderLineSchema = z.object({
  articleId: z.number().int(),
  name: z.string(),
  namePlural: z.string(),
  slug: z.string(),
  image: z.string(),
  options: z.array(z.object({ id: z.number().int(), group: z.enum(OPTION_GROUPS), code: z.string() })),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  total: z.number().int(),
  designId: z.string().nullable(),
  /**
   * A creator design as ordered: its printed version, name and preview (kept as they were when the order was placed).
   */
  designVersion: z.number().int().positive().nullable().default(null),
  designName: z.string().nullable().default(null),
  designPreview: uploadId.nullable().default(null),
  /** The version's print file, for production (kept by the order in the uploads worker). */
  designPrint: uploadId.nullable().default(null),
  /** A paged design's inner pages and the extra ones charged in `unitPrice`, as ordered. */
  innerPages: z.number().int().positive().nullable().default(null),
  extraPages: z.number().int().nonnegative().default(0),
});

const orderEventSchema = z.object({
  statusCode: z.number().int().nullable(),
  shipmentStatus: z.enum(SHIPMENT_STATUSES).nullable(),
  createdAt: z.string(),
});

export const userRequiredActionSchema = z.object({
  publicId: z.string(),
  type: z.enum(USER_REQUIRED_ACTION_TYPES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  /**
   * What the shopper answered, for showing back: the account holder and the IBAN masked to its country and last digits.
   */
  answer: z.object({ holder: z.string(), ibanMasked: z.string() }).nullable().default(null),
});
export type UserRequiredAction = z.infer<typeof userRequiredActionSchema>;

/** The shipment as ordered: the step's choice and the delivery window promised then. */
export const storedShipmentSchema = savedShipmentSchema.extend({
  earliest: z.iso.date().optional(),
  latest: z.iso.date().optional(),
});
/** As the API shows it: with the delivery mode its type maps to (contract/shipping/delivery-modes.ts). */
const orderShipmentSchema = storedShipmentSchema.extend({ deliveryMode: z.enum(DELIVERY_MODES) });

export const orderSchema = z.object({
  publicId: z.string(),
  site: z.string(),
  cartId: z.string(),
  locale: z.string(),
  email: z.string(),
  contact: savedContactSchema,
  address: savedAddressSchema,
  shipment: orderShipmentSchema,
  pickupPoint: pickupPointSchema.nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentType: z.enum(PAYMENT_TYPES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  statusCode: z.number().int(),
  shipmentStatus: z.enum(SHIPMENT_STATUSES).nullable(),
  trackingReference: z.string().nullable(),
  currency: z.string().length(3),
  totals: totalsSchema,
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
  /** The provider's own id of the attempt (a Stripe Checkout Session), once recorded; null for the sandbox. */
  providerReference: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentEventResultSchema = z.object({ replayed: z.boolean() });

/** The refund details of a PROVIDE_DATA_TO_REFUND action. The IBAN is checked with its mod-97 checksum. */
export const refundDataSchema = z.object({
  holder: z.string().trim().min(1, "checkout.errors.required").max(140, "checkout.errors.tooLong"),
  iban: z
    .string()
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .refine((value) => isValidIban(value), "checkout.errors.iban"),
});

/** Places the order of a checked-out cart, in the shopper's language. */
/** Places an order; `attribution` is how its buyer came (attribution.ts), recorded with the order when sent. */
export const orderPlaceParams = visitorParams.extend({
  cart_id: z.string().min(1).max(64),
  locale: z.enum(LOCALES),
  site_url: siteUrlParam,
  attribution: attributionField.optional(),
});
/** An order is shown to the session that placed it, or to its customer. */
export const orderParams = visitorParams;

/** Starts paying an order online: `provider` names the payment provider behind the method. */
export const paymentStartParams = visitorParams.pick({ ext_session_id: true }).extend({
  order: z.string().regex(PUBLIC_ID_PATTERN),
  method: z.enum(PAYMENT_METHODS),
  provider: z.string().regex(/^[a-z0-9_-]{1,32}$/),
});
/** The payment provider's verified event. */
/** The provider's id of an attempt, recorded once: the first one recorded stays. */
export const paymentReferenceParams = z.object({ reference: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/) });
export const paymentEventParams = z.object({
  event_id: z.string().min(1).max(100),
  type: z.enum(PAYMENT_EVENT_TYPES),
  site_url: siteUrlParam,
});

/** How a visitor proves an order is theirs: its public id and the e-mail it was placed with. */
export const trackingLookupParams = siteParams.extend({
  public_id: z.string().trim().min(1).max(64),
  email: z.string().trim().toLowerCase().min(1).max(254),
});
export const trackingParams = siteParams;
/** The answer to a PROVIDE_DATA_TO_REFUND action. */
export const refundAnswerParams = refundDataSchema.extend(siteParams.shape);

/**
 * Orders a guest placed in this browser (its session's ext_session_id) join the account that signs in with the same
 * e-mail: at sign-in, and when the guest creates an account from the order-completed page.
 */
export const orderAttachParams = visitorParams.extend({
  site: z.string().min(1),
  account_id: z.string().min(1).max(64),
  order_ids: z
    .string()
    .max(20 * 32)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.string().regex(PUBLIC_ID_PATTERN)).min(1).max(20)),
});
export const orderAttachSchema = z.object({ attached: z.array(z.string()) });

import { z } from "zod";

/**
 * The order and payment calls' own error codes. The api-proxy keeps only `{ error: { code, message } }` of a failure,
 * so the code alone says which checkout step is incomplete (4221 contact ... 4224 payment).
 */
export const ORDER_ERROR_CODES = {
  incompleteStepBase: 4220,
  emptyCart: 4230,
  paymentRefused: 4092,
} as const;

export const incompleteStepCode = (step: 1 | 2 | 3 | 4) => ORDER_ERROR_CODES.incompleteStepBase + step;

/** The checkout step (1-4) an order was refused for, or null when it was refused for another reason. */
export function incompleteStepOf(code: number | null): 1 | 2 | 3 | 4 | null {
  if (code === null) return null;
  const step = code - ORDER_ERROR_CODES.incompleteStepBase;
  return step >= 1 && step <= 4 ? (step as 1 | 2 | 3 | 4) : null;
}

export const PAYMENT_EVENT_TYPES = ["payment.succeeded", "payment.failed", "payment.canceled"] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export const paymentEventResultSchema = z.object({ replayed: z.boolean() });

/** Order public ids: the brand's country and eight unambiguous base32 characters, e.g. `ES-7K3M9Q2X`. */
export const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

import { z } from "zod";
import { errorBodySchemaOf } from "../http/errors";

/**
 * The product API's error codes, in the one error shape `{ error: { code, message } }` (contract/http/errors.ts). The
 * API answers with them, the api-proxy passes them on, and the storefront decides by them what the shopper sees.
 */
export const API_ERROR_CODES = {
  /** A request the API refuses as it is (a bad parameter, an unknown article, a checkout step's field errors). */
  invalidRequest: 4000,
  unauthorized: 4010,
  /** An e-mail and password that do not open an account (whether the e-mail has one is not said). */
  invalidCredentials: 4011,
  /** The acting account may not do this (another account's record, a permission it lacks, a suspended account). */
  forbidden: 4030,
  /** The path is the API's, the method is not (405, with `Allow`). */
  methodNotAllowed: 4050,
  /** The change is not possible in the current state (an answer given twice, a refused order transition). */
  conflict: 4090,
  /** A payment cannot start: its order is paid already or cancelled. */
  paymentRefused: 4092,
  /** 4221 to 4224: checkout step 1 to 4 is missing or no longer valid, so no order can be placed. */
  incompleteStepBase: 4220,
  emptyCart: 4230,
  /** A creator design's print check found a photo below the blocking DPI: it cannot go to the cart. */
  printQualityBlocked: 4240,
  /** A creator design's inner pages are not what its article prints (fewer, more, or off the step): not for the cart. */
  pageCount: 4241,
  /** Anything the API did not expect. */
  internal: 5000,
  notFound: 5001,
  /** Nothing matched: the response body is still normal data (an empty list). */
  noResults: 5004,
} as const;

/** The product API's error: the one error shape (contract/http/errors.ts) with the spec's numeric code. */
export const apiErrorSchema = errorBodySchemaOf(z.number().int());

/** The spec's message of a failed product-API call. */
export const apiRequestFailed = (path: string) => `API Request failed ${path}`;

/** The api-proxy's answer to a failed call: the spec's 500 'API Request failed {url}', the API's error as `data`. */
export const proxyFailureSchema = z.object({ message: z.string(), data: z.unknown(), status: z.number().int() });

export type CheckoutStepNumber = 1 | 2 | 3 | 4;

export const incompleteStepCode = (step: CheckoutStepNumber) => API_ERROR_CODES.incompleteStepBase + step;

/** The checkout step (1-4) an order was refused for, or null when it was refused for another reason. */
export function incompleteStepOf(code: number | null): CheckoutStepNumber | null {
  if (code === null) return null;
  const step = code - API_ERROR_CODES.incompleteStepBase;
  return step >= 1 && step <= 4 ? (step as CheckoutStepNumber) : null;
}

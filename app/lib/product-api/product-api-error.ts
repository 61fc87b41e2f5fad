import { apiErrorSchema, apiRequestFailed, proxyFailureSchema } from "@contract/api/errors";
import { fieldRejectionSchema, type FieldErrors } from "@contract/api/field-errors";

/**
 * A product-API call that failed, as the api-proxy reported it: the upstream `status`, the API's error `code` (null
 * when the answer carried none) and its whole error `body` (a refused checkout step's field errors are in it).
 * The message is the spec's 'API Request failed {url}'. Callers that expect a refusal check the code; anything else
 * is mapped to the page's answer by app/lib/errors.ts.
 */
export class ProductApiError extends Error {
  override readonly name = "ProductApiError";

  constructor(
    readonly path: string,
    readonly status: number,
    readonly code: number | null,
    readonly body: unknown,
    message = apiRequestFailed(path),
  ) {
    super(message);
  }

  /** Reads the proxy's failure answer (`{ message, data, status }`); anything unreadable still becomes an error. */
  static fromProxyAnswer(path: string, httpStatus: number, json: unknown) {
    const failure = proxyFailureSchema.safeParse(json);
    if (!failure.success) return new ProductApiError(path, httpStatus, null, json);
    const code = apiErrorSchema.safeParse(failure.data.data).data?.error.code ?? null;
    return new ProductApiError(path, failure.data.status, code, failure.data.data, failure.data.message);
  }
}

/** Whether `thrown` is the product API's refusal with this code. */
export function isApiError(thrown: unknown, code: number): thrown is ProductApiError {
  return thrown instanceof ProductApiError && thrown.code === code;
}

/**
 * The call's answer, or `answer` when the product API refused the call with `code` (an expected refusal, as a value).
 */
export async function unlessRefused<T, R>(call: Promise<T>, code: number, answer: R): Promise<T | R> {
  try {
    return await call;
  } catch (thrown) {
    if (isApiError(thrown, code)) return answer;
    throw thrown;
  }
}

/** The field errors of a call the product API refused field by field, or null for any other failure. */
export function fieldErrorsOfRefusal(thrown: unknown): FieldErrors | null {
  return thrown instanceof ProductApiError
    ? (fieldRejectionSchema.safeParse(thrown.body).data?.fieldErrors ?? null)
    : null;
}

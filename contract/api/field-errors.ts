import { z } from "zod";

/** A refused form or API call's problems: field → translation key (the first message of each field). */
export type FieldErrors = Record<string, string>;

/** The one mapper from a zod error to field errors, used by the storefront's forms and the product API alike. */
export function fieldErrorsOf(
  error: Pick<z.ZodError, "issues">,
  messageKey: (message: string) => string = (message) => message,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= messageKey(issue.message);
  }
  return errors;
}

/**
 * A call the product API refused field by field (a checkout step, a new account): the usual error beside the field
 * errors.
 */
export const fieldRejectionSchema = z.object({
  fieldErrors: z.record(z.string(), z.string()),
  error: z.object({ code: z.number().int(), message: z.string() }),
});

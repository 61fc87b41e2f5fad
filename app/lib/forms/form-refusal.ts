import type { FieldErrors } from "@contract/api/field-errors";

export type { FieldErrors };

/**
 * A refused submission, in the one shape every form action answers with (status 400, or 409 for a conflict): field
 * and form errors as translation keys, and what was entered, so the form shows again as it was sent.
 */
export type FormRefusal = {
  ok: false;
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
};

export function isFormRefusal(value: unknown): value is FormRefusal {
  return (
    typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false && "fieldErrors" in value
  );
}

import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "@contract/api/field-errors";
import { dateOfParts } from "@contract/rules/dates";
import type { ErrorData } from "~/lib/errors";
import { translate } from "~/lib/i18n/translate.server";
import type { FormRefusal } from "./form-refusal";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The submitted form's text fields (files are not read here). The one place a form's body is read: a body that is no
 * form answers 415 and a broken one 400, each with a translated message, never a crash.
 */
export async function readForm({ request, context }: Args): Promise<Record<string, string>> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) {
    throw data<ErrorData>({ message: translate(context, "forms.unsupportedBody") }, { status: 415 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data<ErrorData>({ message: translate(context, "forms.brokenBody") }, { status: 400 });
  }
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] ??= value;
  return values;
}

/** Checks the fields with the form's schema, whose messages are translation keys (`messageKey` can reword them). */
export function parseForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
  messageKey?: (message: string) => string,
) {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? ({ ok: true, value: parsed.data as z.output<S> } as const)
    : ({ ok: false, fieldErrors: fieldErrorsOf(parsed.error, messageKey) } as const);
}

/**
 * A DateField's three parts (`{name}_day`, `_month`, `_year`) as one date string, "" when all are blank (removed), or
 * its field error: an incomplete or impossible date is refused, never taken for a removed one.
 */
export function dateField(
  values: Record<string, string>,
  name: string,
): { ok: true; value: string } | { ok: false; error: string } {
  const date = dateOfParts({
    day: values[`${name}_day`] ?? "",
    month: values[`${name}_month`] ?? "",
    year: values[`${name}_year`] ?? "",
  });
  if (date.kind === "date") return { ok: true, value: date.value };
  if (date.kind === "empty") return { ok: true, value: "" };
  return { ok: false, error: `forms.date.${date.kind}` };
}

/** The action's answer to a refused submission: the one shape, with what was entered (pass no secrets back in it). */
export function refuse(
  values: Record<string, string>,
  fieldErrors: FieldErrors,
  formError: string | null = null,
  status = 400,
  headers?: HeadersInit,
) {
  return data<FormRefusal>({ ok: false, fieldErrors, formError, values }, { status, headers });
}

/**
 * A form page's headers: the action's (a refusal's Retry-After, say) over the loader's. Without this export, headers
 * set by an action are dropped from the document response.
 */
export function formPageHeaders({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) {
  const headers = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) headers.set(name, value);
  return headers;
}

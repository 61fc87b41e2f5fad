import type { DateParts } from "@contract/rules/dates";
import type { FieldErrors, FormRefusal } from "~/lib/forms/form-refusal";
import { isFormRefusal } from "~/lib/forms/form-refusal";
import { useShell } from "../use-shell";
import { useFocusOnError } from "./use-focus-on-error";

/**
 * The form pieces every form uses: fields with their label, hint and translated error, the error summary, a single
 * form-level message and the submit button. `form` names the form, so ids stay unique on a page (`checkout-email`).
 */

/** The action's answer when it refused the submission, without casting `actionData`. */
export function refusalOf(actionData: unknown): FormRefusal | undefined {
  return isFormRefusal(actionData) ? actionData : undefined;
}

export const fieldId = (form: string, name: string) => `${form}-${name}`;
const inputClass =
  "mt-1 min-h-11 w-full rounded-button border-2 border-line bg-surface px-3 aria-[invalid]:border-red-700";

type FieldProps = {
  form: string;
  name: string;
  label: string;
  /** A translation key. */
  error?: string;
  hint?: string;
  defaultValue?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  required?: boolean;
  optional?: boolean;
  spellCheck?: boolean;
  /** Extra classes of the input (an IBAN's monospace). */
  inputClassName?: string;
  /** A multi-line field (a message) of this many rows. */
  rows?: number;
  /** A date field's first and last day. */
  min?: string;
  max?: string;
};

/**
 * A labelled input (or, with `rows`, a text area) with its hint and its (translated) error, joined by aria-describedby.
 */
export function TextField({
  form,
  name,
  label,
  error,
  hint,
  defaultValue,
  type = "text",
  autoComplete,
  inputMode,
  required,
  optional,
  spellCheck,
  inputClassName = "",
  rows,
  min,
  max,
}: FieldProps) {
  const { t } = useShell();
  const id = fieldId(form, name);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    name,
    autoComplete,
    defaultValue,
    required,
    spellCheck,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
  };
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
        {optional ? <span className="font-normal text-muted"> ({t("forms.optional")})</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {rows ? (
        <textarea
          {...shared}
          rows={rows}
          className={`mt-1 w-full rounded-card border-2 border-line bg-surface px-3 py-2 aria-[invalid]:border-red-700 ${inputClassName}`}
        />
      ) : (
        <input
          {...shared}
          type={type}
          inputMode={inputMode}
          min={min}
          max={max}
          className={`${inputClass} ${inputClassName}`}
        />
      )}
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </div>
  );
}

const DATE_PARTS = [
  { part: "day", size: "w-16", maxLength: 2 },
  { part: "month", size: "w-16", maxLength: 2 },
  { part: "year", size: "w-24", maxLength: 4 },
] as const;

/**
 * A date a person knows by heart (a birth date) as three fields, day, month and year, named `{name}_day`, `_month` and
 * `_year` (the server joins them with `dateField`). No date picker: a browser sends an impossible date typed in
 * `<input type="date">` as an empty value, which cannot be told from a removed one; these send what was typed. The
 * first field carries the field's id, so an error's link lands on it.
 */
export function DateField({
  form,
  name,
  label,
  hint,
  value,
  error,
  autoComplete,
  optional,
}: Pick<FieldProps, "form" | "name" | "label" | "hint" | "error" | "optional"> & {
  value: DateParts;
  autoComplete?: "bday";
}) {
  const { t } = useShell();
  const id = fieldId(form, name);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={described} data-testid={`${id}-field`}>
      <legend className="font-semibold">
        {label}
        {optional ? <span className="font-normal text-muted"> ({t("forms.optional")})</span> : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-1 flex gap-3">
        {DATE_PARTS.map(({ part, size, maxLength }, index) => {
          const partId = index === 0 ? id : `${id}-${part}`;
          return (
            <div key={part}>
              <label htmlFor={partId} className="block text-sm">
                {t(`forms.date.${part}`)}
              </label>
              <input
                id={partId}
                name={`${name}_${part}`}
                inputMode="numeric"
                maxLength={maxLength}
                autoComplete={autoComplete ? `${autoComplete}-${part}` : undefined}
                defaultValue={value[part]}
                aria-invalid={error ? true : undefined}
                className={`mt-1 min-h-11 ${size} rounded-button border-2 border-line bg-surface px-3 aria-[invalid]:border-red-700`}
              />
            </div>
          );
        })}
      </div>
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </fieldset>
  );
}

/** A checkbox with its label and (translated) error. */
export function CheckboxField({
  form,
  name,
  label,
  error,
  defaultChecked,
}: Pick<FieldProps, "form" | "name" | "label" | "error"> & { defaultChecked?: boolean }) {
  const id = fieldId(form, name);
  return (
    <div>
      <label htmlFor={id} className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 h-5 w-5"
        />
        <span>{label}</span>
      </label>
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </div>
  );
}

/** A field's error, translated. */
export function FieldError({ id, message }: { id: string; message: string }) {
  const { t } = useShell();
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {t(message)}
    </p>
  );
}

/** The refused fields as links to them; it takes the focus so keyboard and screen-reader users land on it. */
export function ErrorSummary({
  form,
  errors,
  labels,
}: {
  form: string;
  errors: FieldErrors | undefined;
  labels: Record<string, string>;
}) {
  const { t } = useShell();
  const entries = Object.entries(errors ?? {});
  const ref = useFocusOnError(errors, entries.length > 0);
  if (!entries.length) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${form}-errors-title`}
      className="mt-4 rounded-card border-2 border-red-700 bg-red-50 p-4"
      data-testid={`${form}-errors`}
    >
      <p id={`${form}-errors-title`} className="font-bold text-red-800">
        {t("forms.errorSummary")}
      </p>
      <ul className="mt-2 list-disc pl-5">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${fieldId(form, field)}`} className="text-red-800 underline">
              {labels[field] ?? field}: {t(message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One message about the whole submission (a translation key), or the hint to fix the fields; it takes the focus. */
export function FormAlert({
  form,
  refusal,
  fixFieldsMessage,
}: {
  form: string;
  refusal: FormRefusal | undefined;
  fixFieldsMessage?: string;
}) {
  const { t } = useShell();
  const message =
    refusal?.formError ?? (refusal && Object.keys(refusal.fieldErrors).length ? fixFieldsMessage : undefined);
  const ref = useFocusOnError(refusal, !!message);
  if (!message) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="mt-6 rounded-card border-2 border-red-700 bg-surface p-4 font-semibold text-red-800"
      data-testid={`${form}-error`}
    >
      {t(message)}
    </div>
  );
}

/** The form's submit button, busy while its form is being sent. */
export function SubmitButton({
  busy,
  children,
  className = "mt-6 w-full tablet:w-auto",
}: {
  busy: boolean;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" disabled={busy} aria-disabled={busy} className={`button-primary ${className}`}>
      {children}
    </button>
  );
}

/** A field people never see or fill (`website`): a submission that fills it is a bot's (decision 0017). */
export function Honeypot({ form }: { form: string }) {
  const { t } = useShell();
  return (
    <div className="hidden" aria-hidden="true">
      <label htmlFor={`${form}-website`}>{t("contact.form.leaveEmpty")}</label>
      <input id={`${form}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

import { useFocusOnError } from "../use-focus-on-error";
import { useShell } from "../use-shell";

type FieldProps = {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  required?: boolean;
  optional?: boolean;
};

export const fieldId = (name: string) => `checkout-${name}`;
const inputClass = "mt-1 min-h-11 w-full rounded-button border-2 border-line bg-surface px-3 aria-[invalid]:border-red-700";

/** A labelled input with its hint and its (translated) error, joined by aria-describedby. */
export function TextField({ name, label, error, hint, defaultValue, type = "text", autoComplete, inputMode, required, optional }: FieldProps) {
  const { t } = useShell();
  const id = fieldId(name);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
        {optional ? <span className="font-normal text-muted"> ({t("checkout.optional")})</span> : null}
      </label>
      {hint ? <p id={`${id}-hint`} className="text-sm text-muted">{hint}</p> : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={inputClass}
      />
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  const { t } = useShell();
  return <p id={id} className="mt-1 text-sm font-semibold text-red-800">{t(message)}</p>;
}

/** The step's errors as links to their fields; it takes the focus so keyboard and screen-reader users land on it. */
export function ErrorSummary({ errors, labels }: { errors: Record<string, string> | undefined; labels: Record<string, string> }) {
  const { t } = useShell();
  const entries = Object.entries(errors ?? {});
  const ref = useFocusOnError(errors, entries.length > 0);
  if (!entries.length) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="checkout-errors-title" className="mt-4 rounded-card border-2 border-red-700 bg-red-50 p-4" data-testid="checkout-errors">
      <p id="checkout-errors-title" className="font-bold text-red-800">{t("checkout.errorSummary")}</p>
      <ul className="mt-2 list-disc pl-5">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${fieldId(field)}`} className="text-red-800 underline">{labels[field] ?? field}: {t(message)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The step's submit button, busy while its form is being sent. */
export function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <button type="submit" disabled={busy} aria-disabled={busy} className="button-primary mt-6 w-full tablet:w-auto">
      {children}
    </button>
  );
}

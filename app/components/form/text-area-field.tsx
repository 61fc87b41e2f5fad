import { useShell } from "../use-shell";
import { FieldError, fieldId } from "./fields";

type TextAreaProps = {
  form: string;
  name: string;
  label: string;
  /** A translation key. */
  error?: string;
  hint?: string;
  defaultValue?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  optional?: boolean;
};

/** A labelled multi-line field (a message), with its hint and its (translated) error, joined by aria-describedby. */
export function TextAreaField({ form, name, label, error, hint, defaultValue, rows = 6, maxLength, required, optional }: TextAreaProps) {
  const { t } = useShell();
  const id = fieldId(form, name);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
        {optional ? <span className="font-normal text-muted"> ({t("forms.optional")})</span> : null}
      </label>
      {hint ? <p id={`${id}-hint`} className="text-sm text-muted">{hint}</p> : null}
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="mt-1 w-full rounded-card border-2 border-line bg-surface px-3 py-2 aria-[invalid]:border-red-700"
      />
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </div>
  );
}

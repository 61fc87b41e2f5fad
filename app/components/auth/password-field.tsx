import { useState } from "react";
import { passwordStrength } from "@contract/rules/password";
import { FieldError, fieldId } from "~/components/form/fields";
import { useShell } from "~/components/use-shell";

const BAR = ["bg-red-700", "bg-red-700", "bg-amber-600", "bg-brand", "bg-brand-strong"] as const;

/**
 * A new password, with its strength shown as the shopper types (the same rule the product API applies). Without
 * JavaScript the hint says what is needed and the server says the rest.
 */
export function NewPasswordField({
  form,
  name,
  label,
  error,
  personal,
}: {
  form: string;
  name: string;
  label: string;
  error?: string;
  personal: () => string[];
}) {
  const { t } = useShell();
  const [strength, setStrength] = useState<number | null>(null);
  const id = fieldId(form, name);
  const described = [`${id}-hint`, strength !== null ? `${id}-strength` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t("auth.signUp.passwordHint")}
      </p>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        onInput={(event) =>
          setStrength(event.currentTarget.value ? passwordStrength(event.currentTarget.value, personal()) : null)
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="mt-1 min-h-11 w-full rounded-button border-2 border-line bg-surface px-3 aria-[invalid]:border-red-700"
      />
      {strength !== null ? (
        <div
          id={`${id}-strength`}
          className="mt-2"
          aria-live="polite"
          data-testid="password-strength"
          data-strength={strength}
        >
          <div className="flex gap-1" aria-hidden="true">
            {[0, 1, 2, 3].map((step) => (
              <span
                key={step}
                className={`h-1.5 grow rounded-full ${step < Math.max(1, strength) ? BAR[strength] : "bg-line"}`}
              />
            ))}
          </div>
          <p className="mt-1 text-sm">
            {t("auth.signUp.strength.label")}: <strong>{t(`auth.signUp.strength.${strength}`)}</strong>
          </p>
        </div>
      ) : null}
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </div>
  );
}

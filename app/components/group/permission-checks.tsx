import { ACCOUNT_PERMISSIONS } from "@contract/api/enums";
import type { Permission } from "@contract/api/groups";
import { fieldId, FieldError } from "../form/fields";
import { useShell } from "../use-shell";

/** The orders, tickets and invoices permissions as checkboxes named `{prefix}{permission}`, in one fieldset. */
export function PermissionChecks({
  form,
  prefix,
  checked,
  legend,
  error,
}: {
  form: string;
  prefix: string;
  checked: readonly Permission[];
  legend: string;
  error?: string;
}) {
  const { t } = useShell();
  const errorId = `${fieldId(form, `${prefix}permissions`)}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {ACCOUNT_PERMISSIONS.map((permission) => {
          const id = fieldId(form, `${prefix}${permission}`);
          return (
            <label key={permission} htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input
                id={id}
                type="checkbox"
                name={`${prefix}${permission}`}
                defaultChecked={checked.includes(permission)}
                className="h-5 w-5"
              />
              {t(`group.permissions.${permission}`)}
            </label>
          );
        })}
      </div>
      {error ? <FieldError id={errorId} message={error} /> : null}
    </fieldset>
  );
}

import { BOOLEAN_FILTERS } from "@contract/api/enums";
import type { BooleanFilter } from "@contract/rules/boolean-filter";
import { useShell } from "../use-shell";

/**
 * A list's yes/no filter (ALL, true, false) as a field of its GET form, so the choice lives in the URL and works
 * without JavaScript. Its words are `booleanFilters.{name}.*`: the label and a name for each value.
 */
export function BooleanFilterSelect({
  name,
  value,
  className = "",
}: {
  name: string;
  value: BooleanFilter;
  className?: string;
}) {
  const { t } = useShell();
  return (
    <label className={`flex flex-col gap-1 text-sm font-semibold ${className}`}>
      {t(`booleanFilters.${name}.label`)}
      <select
        name={name}
        defaultValue={value}
        className="min-h-11 rounded-button border-2 border-line bg-surface px-2"
        data-testid={`filter-${name}`}
      >
        {BOOLEAN_FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {t(`booleanFilters.${name}.${filter}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

import { Form } from "react-router";
import { Link } from "~/components/link";
import type { FieldErrors } from "@contract/api/field-errors";
import { ErrorSummary, FieldError, fieldId } from "../form/fields";
import { useShell } from "../use-shell";

const FORM = "marketing-filters";
const input = "mt-1 min-h-11 w-full rounded-button border-2 border-line bg-surface px-3 aria-[invalid]:border-red-700";

/** Brand (one or all) and a range of days, as a GET form (it works without JavaScript), with one-click ranges. */
export function FiltersForm({
  brands,
  values,
  fieldErrors,
  presets,
}: {
  brands: { slug: string; name: string }[];
  values: { brand: string; from: string; to: string };
  fieldErrors: FieldErrors | null;
  presets: { days: number; query: string }[];
}) {
  const { t, to } = useShell();
  const errors = fieldErrors ?? undefined;
  const labels = {
    brand: t("marketing.filters.brand"),
    from: t("marketing.filters.from"),
    to: t("marketing.filters.to"),
  };
  const described = (name: keyof typeof labels) =>
    errors?.[name] ? { "aria-invalid": true as const, "aria-describedby": `${fieldId(FORM, name)}-error` } : {};
  return (
    <div className="rounded-card border border-line bg-surface p-4">
      <ErrorSummary form={FORM} errors={errors} labels={labels} />
      <Form
        method="get"
        className="mt-2 grid gap-4 tablet:grid-cols-[minmax(12rem,16rem)_minmax(9rem,12rem)_minmax(9rem,12rem)_auto] tablet:items-end"
        aria-label={t("marketing.filters.legend")}
      >
        <div>
          <label htmlFor={fieldId(FORM, "brand")} className="block font-semibold">
            {labels.brand}
          </label>
          <select
            id={fieldId(FORM, "brand")}
            name="brand"
            defaultValue={values.brand}
            className={input}
            {...described("brand")}
          >
            <option value="all">{t("marketing.filters.allBrands")}</option>
            {brands.map((brand) => (
              <option key={brand.slug} value={brand.slug}>
                {brand.name}
              </option>
            ))}
          </select>
          {errors?.brand ? <FieldError id={`${fieldId(FORM, "brand")}-error`} message={errors.brand} /> : null}
        </div>
        {(["from", "to"] as const).map((name) => (
          <div key={name}>
            <label htmlFor={fieldId(FORM, name)} className="block font-semibold">
              {labels[name]}
            </label>
            <input
              id={fieldId(FORM, name)}
              type="date"
              name={name}
              defaultValue={values[name]}
              className={input}
              {...described(name)}
            />
            {errors?.[name] ? <FieldError id={`${fieldId(FORM, name)}-error`} message={errors[name]} /> : null}
          </div>
        ))}
        <button type="submit" className="button-primary tablet:justify-self-start">
          {t("marketing.filters.apply")}
        </button>
      </Form>
      <nav aria-label={t("marketing.filters.presets")} className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted">{t("marketing.filters.presets")}:</span>
        {presets.map((preset) => (
          <Link
            key={preset.days}
            to={`${to("/marketing")}${preset.query}`}
            className="flex min-h-11 items-center rounded-button border border-line px-3 text-ink no-underline hover:bg-brand-soft"
            data-testid={`preset-${preset.days}`}
          >
            {t("marketing.filters.lastDays", { days: preset.days })}
          </Link>
        ))}
      </nav>
    </div>
  );
}

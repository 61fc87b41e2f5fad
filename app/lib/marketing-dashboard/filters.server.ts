import { reportFiltersSchema, type ReportFilters } from "@contract/api/marketing-report";
import type { FieldErrors } from "@contract/api/field-errors";
import { lastDays, REPORT_DEFAULT_DAYS, REPORT_PRESET_DAYS } from "@contract/marketing/report-range";
import { parseForm } from "~/lib/forms/form.server";

export type FilterValues = { brand: string; from: string; to: string };
export type FiltersRead =
  | { ok: true; filters: ReportFilters }
  | { ok: false; fieldErrors: FieldErrors; values: FilterValues };

/**
 * The dashboard's filters from its URL (the GET form, a preset, a CSV link). A missing or emptied value takes its
 * default (all brands, the last 30 days); any other value must be valid: a wrong one is a field error, not a guess.
 */
export function filtersOf(params: URLSearchParams, now = new Date()): FiltersRead {
  const range = lastDays(REPORT_DEFAULT_DAYS, now);
  const given = (name: string) => params.get(name)?.trim().slice(0, 100) || undefined;
  const values: FilterValues = {
    brand: given("brand") ?? "all",
    from: given("from") ?? range.from,
    to: given("to") ?? range.to,
  };
  const parsed = parseForm(reportFiltersSchema, values);
  return parsed.ok ? { ok: true, filters: parsed.value } : { ok: false, fieldErrors: parsed.fieldErrors, values };
}

/** The filters as a query string ("?brand=…&from=…&to=…"), for links that keep them. */
export function filterQuery({ brand, from, to }: FilterValues): string {
  return `?${new URLSearchParams({ brand, from, to })}`;
}

/** The one-click ranges ending today, for the brand chosen. */
export function presetLinks(brand: string, now = new Date()) {
  return REPORT_PRESET_DAYS.map((days) => ({ days, query: filterQuery({ brand, ...lastDays(days, now) }) }));
}

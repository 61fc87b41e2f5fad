import { MONTH_PATTERN } from "@contract/rules/dates";
import { COMMISSION_STATUSES } from "@contract/api/enums";

export type CommissionFilters = { month?: string; status?: (typeof COMMISSION_STATUSES)[number]; page: number };

/**
 * The filters in a page's or a download's URL; a value that is none of the allowed ones is ignored, as in the
 * catalogue.
 */
export function commissionFiltersOf(params: URLSearchParams): CommissionFilters {
  const month = params.get("month") ?? "";
  const status = COMMISSION_STATUSES.find((known) => known === params.get("status"));
  const page = Number(params.get("page") ?? "1");
  return {
    month: MONTH_PATTERN.test(month) ? month : undefined,
    status,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The same filters as a query string, for the download link (no page: it has every row). */
export function filterQuery({ month, status }: CommissionFilters): string {
  const params = new URLSearchParams();
  if (month) params.set("month", month);
  if (status) params.set("status", status);
  const query = params.toString();
  return query ? `?${query}` : "";
}

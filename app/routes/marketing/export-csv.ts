import { z } from "zod";
import type { Route } from "./+types/export-csv";
import { decimalOf, toCsv, type CsvCell } from "~/lib/csv/csv";
import { pageNotFound } from "~/lib/errors";
import { requireMarketer } from "~/lib/guards/marketing.server";
import { translate } from "~/lib/i18n/translate.server";
import { loadDashboard } from "~/lib/marketing-dashboard/dashboard.server";
import { filtersOf } from "~/lib/marketing-dashboard/filters.server";
import { dashboardTables, TABLE_IDS, type Cell, type Column } from "~/lib/marketing-dashboard/tables.server";
import { pageUrl } from "~/lib/request/routing/page-url";

const tableParam = z.enum(TABLE_IDS);

/** A cell as a spreadsheet reads it: money as a decimal of its minor units, a share as a percent with two decimals. */
function csvCell(value: Cell, column: Column): CsvCell {
  if (value === null) return "";
  if (column.kind === "money") return decimalOf(Number(value));
  if (column.kind === "percent") return (Number(value) * 100).toFixed(2);
  return value;
}

/**
 * One of the dashboard's tables as a CSV download, with the page's filters (checked the same way: a wrong one is a
 * 400 saying which, never a file of something else), every row of it, headed in the page's language.
 */
export async function loader(args: Route.LoaderArgs) {
  requireMarketer(args);
  const id = tableParam.safeParse(args.params.table);
  if (!id.success) throw pageNotFound(args.request);
  const t = (key: string, values?: Record<string, unknown>) => translate(args.context, key, values);
  const read = filtersOf(pageUrl(args.request).searchParams);
  if (!read.ok) {
    const problems = Object.entries(read.fieldErrors).map(
      ([field, message]) => `${t(`marketing.filters.${field}`)}: ${t(message)}`,
    );
    return new Response(`${t("forms.errorSummary")}\n${problems.join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const table = dashboardTables(await loadDashboard(args, read.filters), t)[id.data];
  const csv = toCsv([
    table.columns.map(
      (column) =>
        t(`marketing.columns.${column.label}`, { currency: column.currency }) +
        (column.kind === "percent" ? " (%)" : ""),
    ),
    ...table.rows.map((row) => row.map((value, index) => csvCell(value, table.columns[index]!))),
  ]);
  const { brand, from, to } = read.filters;
  const name = `marketing-${id.data}-${brand === "all" ? "all-brands" : brand.toLowerCase()}-${from}-to-${to}`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import type { Cell, Column, TableId } from "~/lib/marketing-dashboard/tables.server";
import { useShell } from "../use-shell";
import type { DashboardFormats } from "./use-formats";
import { ScrollRegion } from "~/components/scroll-region";

export type PageTable = { id: TableId; columns: Column[]; rows: Cell[][]; total: number };

/**
 * The cells' look, set once on the table (a long table has thousands of cells, and each class string is written into
 * every one): `n` marks a number, right-aligned in tabular figures; `w` text that stays on one line from a tablet up.
 */
const TABLE = [
  "w-full border-collapse text-sm",
  "[&_td]:border-b [&_th]:border-b [&_td]:border-line [&_th]:border-line [&_td]:px-3 [&_th]:px-3 [&_td]:py-2 [&_th]:py-2",
  "[&_td]:align-top [&_th]:align-top [&_th]:text-left [&_td]:break-words",
  "[&_.n]:text-right [&_.n]:tabular-nums [&_.n]:whitespace-nowrap tablet:[&_.w]:whitespace-nowrap",
].join(" ");

/** One of the dashboard's tables: its heading, its CSV download, its rows (the first ones of a long table, said so). */
export function DataTable({
  table,
  title,
  csvHref,
  formats,
  brandNames,
}: {
  table: PageTable;
  title: string;
  csvHref: string;
  formats: DashboardFormats;
  brandNames: Record<string, string>;
}) {
  const { t } = useShell();
  const numeric = (column: Column) => column.kind === "count" || column.kind === "money" || column.kind === "percent";
  const show = (value: Cell, column: Column): string => {
    if (value === null) return "—";
    if (column.kind === "count") return formats.count(Number(value));
    if (column.kind === "money") return formats.money(Number(value), column.currency!);
    if (column.kind === "percent") return formats.percent(Number(value));
    if (column.kind === "day") return formats.longDay(String(value));
    if (column.kind === "brand") return brandNames[String(value)] ?? String(value);
    return value === "" ? t("marketing.none") : String(value);
  };
  return (
    <section
      id={`table-${table.id}`}
      className="min-w-0 scroll-mt-4 rounded-card border border-line bg-surface"
      data-testid={`table-${table.id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-3">
        <h2 id={`table-${table.id}-title`} className="text-lg font-bold">
          {title}
        </h2>
        <a
          href={csvHref}
          download
          className="flex min-h-11 items-center gap-1 rounded-button px-2 text-sm font-semibold text-brand-strong underline"
          data-testid={`csv-${table.id}`}
        >
          {t("marketing.downloadCsv")}
          <span className="sr-only"> — {title}</span>
        </a>
      </div>
      {table.rows.length < table.total ? (
        <p className="px-4 text-sm text-muted">
          {t("marketing.showingFirst", { shown: table.rows.length, total: table.total })}
        </p>
      ) : null}
      {table.total === 0 ? (
        <p className="px-4 pb-4 pt-2 text-muted">{t("marketing.noRows")}</p>
      ) : (
        <ScrollRegion className="mt-2" labelledBy={`table-${table.id}-title`}>
          <table className={TABLE}>
            <thead>
              <tr className="bg-page">
                {table.columns.map((column, index) => (
                  <th
                    // biome-ignore lint/suspicious/noArrayIndexKey: a read-only table: a cell is its column's, a row its place's
                    key={index}
                    scope="col"
                    className={numeric(column) ? "n" : undefined}
                  >
                    {t(`marketing.columns.${column.label}`, { currency: column.currency })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only table: a cell is its column's, a row its place's
                  key={rowIndex}
                  data-testid={`row-${table.id}`}
                >
                  {row.map((value, index) => {
                    const column = table.columns[index]!;
                    // A row's name and a brand stay on one line from a tablet up; other text (a long campaign) wraps.
                    const className = numeric(column) ? "n" : index === 0 || column.kind === "brand" ? "w" : undefined;
                    return index === 0 ? (
                      <th
                        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only table: a cell is its column's, a row its place's
                        key={index}
                        scope="row"
                        className={className}
                      >
                        {show(value, column)}
                      </th>
                    ) : (
                      <td
                        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only table: a cell is its column's, a row its place's
                        key={index}
                        className={className}
                      >
                        {show(value, column)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

import type { Route } from "./+types/commissions-csv";
import { commissionsApi } from "~/lib/commissions/api.server";
import { decimalOf, toCsv } from "~/lib/csv/csv";
import { commissionFiltersOf } from "~/lib/commissions/filters";
import { requireGroupOwner } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageUrl } from "~/lib/request/routing/page-url";

/**
 * The commissions page's rows as a CSV download, with the page's filters: every filtered row, headed in the page's
 * language.
 */
export async function loader(args: Route.LoaderArgs) {
  requireGroupOwner(args);
  const filters = commissionFiltersOf(pageUrl(args.request).searchParams);
  const { items, currency } = await commissionsApi(args.context).all(filters);
  const t = (key: string, values?: Record<string, string>) => translate(args.context, key, values);
  const csv = toCsv([
    ["order", "date", "source", "rate", "base", "amount", "status"].map((column) =>
      t(`commissions.csv.${column}`, { currency }),
    ),
    ...items.map((row) => [
      row.orderPublicId,
      row.createdAt.slice(0, 10),
      t(`commissions.sources.${row.source}`),
      row.rate,
      decimalOf(row.base),
      decimalOf(row.amount),
      t(`commissions.statuses.${row.status}`),
    ]),
  ]);
  const name = ["commissions", filters.month, filters.status?.toLowerCase()].filter(Boolean).join("-");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

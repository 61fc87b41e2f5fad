import type { Route } from "./+types/consent-records-csv";
import { toCsv } from "~/lib/csv/csv";
import { consentHistory, consentIdQuery, decisionKind } from "~/lib/consent/consent-history.server";
import { requireMarketer } from "~/lib/guards/marketing.server";
import { methodNotAllowed } from "@contract/http/errors";
import { translate } from "~/lib/i18n/translate.server";
import { requestInfoContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";

const COLUMNS = [
  "time",
  "decision",
  "brand",
  "version",
  "adStorage",
  "adUserData",
  "adPersonalization",
  "analyticsStorage",
  "gpc",
  "addressHash",
] as const;

/** A refusal a person reads: what was wrong, in the page's language, never a file of something else. */
function refusal(status: number, message: string) {
  return new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * The decision history of one consent id as a CSV download (docs/decisions/0035): every record, times in UTC (ISO
 * 8601), Google's consent states as Google names them, the address hash whole. No id, a wrong one, or one with no
 * record is a 4xx that says which.
 */
export async function loader(args: Route.LoaderArgs) {
  requireMarketer(args);
  const t = (key: string, values?: Record<string, unknown>) => translate(args.context, key, values);
  const query = consentIdQuery(pageUrl(args.request).searchParams);
  if (!query.ok)
    return refusal(
      400,
      `${t("marketing.consentRecords.id")}: ${t(`marketing.consentRecords.errors.${query.problem}`)}`,
    );
  const history = await consentHistory(args.context.get(requestInfoContext).env.ANALYTICS_DB, query.id);
  if (!history.length) return refusal(404, t("marketing.consentRecords.none"));
  const csv = toCsv([
    COLUMNS.map((column) => t(`marketing.consentRecords.columns.${column}`)),
    ...history.map((entry, index) => [
      entry.at,
      t(`marketing.consentRecords.decisions.${decisionKind(entry, index)}`),
      entry.brand,
      entry.version,
      entry.adStorage,
      entry.adUserData,
      entry.adPersonalization,
      entry.analyticsStorage,
      entry.gpc ? 1 : 0,
      entry.addressHash ?? "",
    ]),
  ]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="consent-records-${query.id}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A download: anything but GET is refused, saying which method it takes. */
export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowed(request.method, ["GET"], {
    message: translate(context, "marketing.consentRecords.errors.method"),
    headers: { "Cache-Control": "private, no-store" },
  });
}

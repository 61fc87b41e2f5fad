import { data, Form } from "react-router";
import type { Route } from "./+types/consent-records";
import { CONSENT_ID_LENGTH, CONSENT_RECORD_RETENTION_DAYS } from "@contract/marketing/consent";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { dateTimeFormat, numberFormat } from "@contract/rules/intl-formats";
import { ErrorSummary, FieldError, fieldId } from "~/components/form/fields";
import { Link } from "~/components/link";
import { useShell } from "~/components/use-shell";
import { consentHistory, consentIdQuery, decisionKind } from "~/lib/consent/consent-history.server";
import { requireMarketer } from "~/lib/guards/marketing.server";
import { translate } from "~/lib/i18n/translate.server";
import { requestInfoContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";
import { ScrollRegion } from "~/components/scroll-region";

const FORM = "consent-records";

/**
 * A visitor's consent decisions by the consent id their Cookie settings show (docs/decisions/0035): the marketing
 * role's proof that a visitor consented, to which version, and when. Without an id, the search form alone.
 */
export async function loader(args: Route.LoaderArgs) {
  requireMarketer(args);
  const search = pageUrl(args.request).searchParams;
  const page = {
    title: translate(args.context, "marketing.consentRecords.title"),
    noindex: true,
    retentionDays: CONSENT_RECORD_RETENTION_DAYS,
  };
  const query = consentIdQuery(search);
  if (!query.ok) {
    if (!search.has("id")) return { ...page, value: "", fieldErrors: null, id: null, history: null };
    return data(
      {
        ...page,
        value: query.value,
        fieldErrors: { id: `marketing.consentRecords.errors.${query.problem}` },
        id: null,
        history: null,
      },
      { status: 400 },
    );
  }
  const history = await consentHistory(args.context.get(requestInfoContext).env.ANALYTICS_DB, query.id);
  return {
    ...page,
    value: query.id,
    fieldErrors: null,
    id: query.id,
    history: history.map((entry, index) => ({ ...entry, kind: decisionKind(entry, index) })),
  };
}

export const meta: Route.MetaFunction = pageMeta;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const TABLE = [
  "w-full border-collapse text-sm",
  "[&_td]:border-b [&_th]:border-b [&_td]:border-line [&_th]:border-line [&_td]:px-3 [&_th]:px-3 [&_td]:py-2 [&_th]:py-2",
  "[&_td]:align-top [&_th]:align-top [&_th]:text-left [&_td]:whitespace-nowrap [&_tbody_th]:whitespace-nowrap",
].join(" ");

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

export default function ConsentRecords({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useShell();
  const { history, id, fieldErrors } = loaderData;
  const errors = fieldErrors ?? undefined;
  const when = dateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
  const state = (value: string) => t(`marketing.consentRecords.states.${value}`);
  const label = t("marketing.consentRecords.id");
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to={to("/marketing")} className="text-brand-strong underline">
            {t("marketing.consentRecords.back")}
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold">{loaderData.title}</h1>
        <p className="mt-1 max-w-3xl text-muted">
          {t("marketing.consentRecords.intro", {
            days: numberFormat(LOCALE_TAGS[locale]).format(loaderData.retentionDays),
          })}
        </p>
      </div>
      <div className="rounded-card border border-line bg-surface p-4">
        <ErrorSummary form={FORM} errors={errors} labels={{ id: label }} />
        <Form
          method="get"
          action={to("/marketing/consent-records")}
          className="mt-2 grid gap-4 tablet:grid-cols-[minmax(16rem,26rem)_auto] tablet:items-end"
          aria-label={loaderData.title}
        >
          <div>
            <label htmlFor={fieldId(FORM, "id")} className="block font-semibold">
              {label}
            </label>
            <input
              id={fieldId(FORM, "id")}
              name="id"
              defaultValue={loaderData.value}
              required
              autoComplete="off"
              spellCheck={false}
              maxLength={CONSENT_ID_LENGTH + 8}
              placeholder="0f8fad5b-d9cb-469f-a165-70867728950e"
              className="mt-1 min-h-11 w-full rounded-button border-2 border-line bg-surface px-3 font-mono aria-[invalid]:border-red-700"
              {...(errors?.id ? { "aria-invalid": true, "aria-describedby": `${fieldId(FORM, "id")}-error` } : {})}
            />
            {errors?.id ? <FieldError id={`${fieldId(FORM, "id")}-error`} message={errors.id} /> : null}
          </div>
          <button type="submit" className="button-primary tablet:justify-self-start">
            {t("marketing.consentRecords.search")}
          </button>
        </Form>
      </div>
      {history && id ? (
        <section className="min-w-0 rounded-card border border-line bg-surface" data-testid="consent-history">
          <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-3">
            <h2 id="consent-history-title" className="text-lg font-bold">
              {t("marketing.consentRecords.historyOf")} <span className="break-all font-mono text-base">{id}</span>
            </h2>
            {history.length ? (
              <a
                href={`${to("/marketing/consent-records.csv")}?id=${id}`}
                download
                className="flex min-h-11 items-center rounded-button px-2 text-sm font-semibold text-brand-strong underline"
                data-testid="consent-history-csv"
              >
                {t("marketing.downloadCsv")}
              </a>
            ) : null}
          </div>
          {history.length === 0 ? (
            <p className="px-4 pb-4 pt-2 text-muted" data-testid="consent-history-none">
              {t("marketing.consentRecords.none")}
            </p>
          ) : (
            <ScrollRegion className="mt-2" labelledBy="consent-history-title">
              <table className={TABLE}>
                <thead>
                  <tr className="bg-page">
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col">
                        {t(`marketing.consentRecords.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {history.map((entry) => (
                    <tr key={entry.eventId} data-testid="consent-history-row">
                      <th scope="row">
                        <time dateTime={entry.at}>{when.format(new Date(entry.at))} UTC</time>
                      </th>
                      <td>{t(`marketing.consentRecords.decisions.${entry.kind}`)}</td>
                      <td>{entry.brand}</td>
                      <td>{entry.version}</td>
                      <td>{state(entry.adStorage)}</td>
                      <td>{state(entry.adUserData)}</td>
                      <td>{state(entry.adPersonalization)}</td>
                      <td>{state(entry.analyticsStorage)}</td>
                      <td>{t(entry.gpc ? "marketing.consentRecords.yes" : "marketing.consentRecords.no")}</td>
                      <td className="font-mono text-xs" title={entry.addressHash ?? undefined}>
                        {entry.addressHash ? `${entry.addressHash.slice(0, 12)}…` : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </section>
      ) : null}
    </div>
  );
}

import { Form } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/commissions";
import { COMMISSION_STATUSES } from "@contract/api/enums";
import { AccountPageIntro } from "~/components/accounts/page-intro";
import { CommissionTable, MonthTotals } from "~/components/commissions/commission-tables";
import { Pagination } from "~/components/pagination";
import { useShell } from "~/components/use-shell";
import { commissionsApi } from "~/lib/commissions/api.server";
import { commissionFiltersOf, filterQuery } from "~/lib/commissions/filters";
import { requireGroupOwner } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";

export async function loader(args: Route.LoaderArgs) {
  requireGroupOwner(args);
  const filters = commissionFiltersOf(pageUrl(args.request).searchParams);
  const commissions = await commissionsApi(args.context).page(filters);
  return { title: translate(args.context, "routes.accountsCommissions"), noindex: true, filters, commissions };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Commissions({ loaderData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const { filters, commissions } = loaderData;
  const filtered = !!(filters.month || filters.status);
  return (
    <div className="space-y-6">
      <AccountPageIntro title={loaderData.title} intro="commissions.intro" />
      <Form
        method="get"
        className="flex flex-wrap items-end gap-4 rounded-card border border-line bg-surface p-4"
        aria-label={t("commissions.filters.legend")}
      >
        <div>
          <label htmlFor="commissions-month" className="block font-semibold">
            {t("commissions.filters.month")}
          </label>
          <input
            id="commissions-month"
            type="month"
            name="month"
            defaultValue={filters.month ?? ""}
            className="mt-1 min-h-11 rounded-button border-2 border-line bg-surface px-3"
          />
        </div>
        <div>
          <label htmlFor="commissions-status" className="block font-semibold">
            {t("commissions.filters.status")}
          </label>
          <select
            id="commissions-status"
            name="status"
            defaultValue={filters.status ?? ""}
            className="mt-1 min-h-11 rounded-button border-2 border-line bg-surface px-3"
          >
            <option value="">{t("commissions.filters.allStatuses")}</option>
            {COMMISSION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`commissions.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button-primary">
          {t("commissions.filters.apply")}
        </button>
        {filtered ? (
          <Link to={to("/accounts/commissions")} className="button-secondary">
            {t("commissions.filters.clear")}
          </Link>
        ) : null}
      </Form>
      {commissions.overall.count === 0 ? (
        <p className="rounded-card border border-line bg-surface p-6 text-muted" data-testid="commissions-empty">
          {t(filtered ? "commissions.emptyFiltered" : "commissions.empty")}
        </p>
      ) : (
        <>
          <p>
            <a
              href={`${to("/accounts/commissions.csv")}${filterQuery(filters)}`}
              download
              className="button-secondary"
              data-testid="commissions-csv"
            >
              {t("commissions.download")}
            </a>
          </p>
          <CommissionTable rows={commissions.items} />
          <Pagination page={commissions.page} pageCount={commissions.pageCount} />
          <MonthTotals months={commissions.months} overall={commissions.overall} />
        </>
      )}
    </div>
  );
}

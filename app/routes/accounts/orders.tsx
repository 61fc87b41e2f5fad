import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/orders";
import { DATE_FILTERS } from "@contract/api/enums";
import { OrderCard } from "~/components/account-orders/order-card";
import { BooleanFilterSelect } from "~/components/form/boolean-filter";
import { refusalOf } from "~/components/form/fields";
import { Pagination } from "~/components/pagination";
import { useShell } from "~/components/use-shell";
import { accountOrdersApi, ordersListQuery, ordersRead } from "~/lib/account-orders/api.server";
import { reorderRedirect } from "~/lib/account-orders/reorder.server";
import { pageData } from "~/lib/accounts/page-read.server";
import { readForm, refuse } from "~/lib/forms/form.server";
import { allowAccountsOrders } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { routeParams } from "~/lib/request/routing/route-params";
import { pageMeta } from "~/lib/seo/meta";
import { startsEarly } from "~/lib/speed/early-reads.server";

const reorderForm = z.object({ intent: z.literal("reorder"), public_id: routeParams.publicId });

// Its one read starts with the account check (docs/decisions/0030).
export const middleware = [startsEarly(ordersRead)];

export async function loader(args: Route.LoaderArgs) {
  const customer = allowAccountsOrders(args);
  const query = ordersListQuery(args.request);
  const list = await pageData(ordersRead, args);
  return {
    title: translate(args.context, "routes.accountsOrders"),
    noindex: true,
    query,
    list,
    group: customer.kind === "master",
    canReorder: customer.canMakeOrders,
    canOpenInvoices: customer.permissions.includes("invoices"),
  };
}

/** "Buy again": the order's lines go into the cart, and the cart says what went in and what is no longer sold. */
export async function action(args: Route.ActionArgs) {
  const customer = allowAccountsOrders(args);
  const values = await readForm(args);
  const form = reorderForm.safeParse(values);
  if (!form.success) return refuse(values, {}, "accountOrders.reorder.invalid");
  if (!customer.canMakeOrders) return refuse(values, {}, "accountOrders.reorder.notAllowed", 403);
  const result = await accountOrdersApi(args.context).reorder(form.data.public_id);
  if (!result) return refuse(values, {}, "accountOrders.reorder.notFound", 404);
  return reorderRedirect(args.context, form.data.public_id, result);
}

export const meta: Route.MetaFunction = pageMeta;

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function AccountOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const navigation = useNavigation();
  const { list, query } = loaderData;
  const refusal = refusalOf(actionData);
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const filtered = query.date_filter !== "without" || query.paid !== "ALL";
  return (
    <div className="py-2">
      <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
      <p className="mt-2 text-muted">{t(loaderData.group ? "accountOrders.introGroup" : "accountOrders.intro")}</p>

      {refusal?.formError ? (
        <p
          role="alert"
          className="mt-4 rounded-card border-2 border-red-700 bg-surface p-4 font-semibold text-red-800"
          data-testid="reorder-error"
        >
          {t(refusal.formError)}
        </p>
      ) : null}

      <Form
        method="get"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-card border border-line bg-surface p-4"
        aria-label={t("accountOrders.filter.label")}
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("accountOrders.filter.period")}
          <select
            name="date_filter"
            defaultValue={query.date_filter}
            className="min-h-11 rounded-button border-2 border-line bg-surface px-2"
          >
            {DATE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`accountOrders.filter.options.${filter}`)}
              </option>
            ))}
          </select>
        </label>
        <BooleanFilterSelect name="paid" value={query.paid} />
        <button type="submit" className="button-primary">
          {t("accountOrders.filter.submit")}
        </button>
      </Form>

      {list.total ? (
        <>
          <p className="mt-6 text-sm text-muted" role="status" data-testid="orders-count">
            {t("accountOrders.count", { count: list.total })}
          </p>
          <ol className="mt-3 space-y-4" data-testid="account-orders">
            {list.items.map((order) => (
              <OrderCard
                key={order.publicId}
                order={order}
                showPlacedBy={loaderData.group}
                canReorder={loaderData.canReorder}
                canOpenInvoices={loaderData.canOpenInvoices}
                busy={navigation.state === "submitting"}
              />
            ))}
          </ol>
          {list.items.length ? null : (
            <p className="mt-4">
              <Link to={to("/accounts/orders")} className="font-semibold text-brand-strong">
                {t("accountOrders.firstPage")}
              </Link>
            </p>
          )}
          <Pagination page={list.page} pageCount={pageCount} />
        </>
      ) : (
        <div className="mt-6 rounded-card border border-line bg-surface p-6" data-testid="orders-empty">
          <p className="text-lg font-semibold">
            {t(
              query.paid !== "ALL"
                ? "booleanFilters.paid.empty"
                : filtered
                  ? "accountOrders.emptyPeriod.title"
                  : "accountOrders.empty.title",
            )}
          </p>
          <p className="mt-1 text-muted">
            {t(
              query.paid !== "ALL"
                ? "booleanFilters.emptyText"
                : filtered
                  ? "accountOrders.emptyPeriod.text"
                  : "accountOrders.empty.text",
            )}
          </p>
          <p className="mt-4">
            {filtered ? (
              <Link to={to("/accounts/orders")} className="button-secondary">
                {t("accountOrders.emptyPeriod.showAll")}
              </Link>
            ) : (
              <Link to={to("/")} className="button-primary">
                {t("accountOrders.empty.shop")}
              </Link>
            )}
          </p>
        </div>
      )}
    </div>
  );
}

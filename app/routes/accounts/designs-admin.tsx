import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/designs-admin";
import { BOOLEAN_FILTERS, DESIGN_SORTS, PROJECT_SCOPES } from "@contract/api/enums";
import { AccountPageIntro } from "~/components/accounts/page-intro";
import { BooleanFilterSelect } from "~/components/form/boolean-filter";
import { refusalOf } from "~/components/form/fields";
import { Pagination } from "~/components/pagination";
import { DeleteDesign, DesignTile } from "~/components/saved-designs/design-tile";
import { useShell } from "~/components/use-shell";
import { requireGroupOwner } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { savedDesignsApi } from "~/lib/saved-designs/api.server";
import { designAction, DESIGN_NOTICES } from "~/lib/saved-designs/design-actions.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";

const select = "mt-1 min-h-11 rounded-button border-2 border-line bg-surface px-3";

export async function loader(args: Route.LoaderArgs) {
  requireGroupOwner(args);
  const params = pageUrl(args.request).searchParams;
  // Values the list does not know are ignored, as in the catalogue.
  const page = Number(params.get("page") ?? "1");
  const query = {
    scope: PROJECT_SCOPES.find((scope) => scope === params.get("scope")),
    sort: DESIGN_SORTS.find((sort) => sort === params.get("sort")) ?? "DATE_LAST_MODIFICATION",
    ordered: BOOLEAN_FILTERS.find((filter) => filter === params.get("ordered")) ?? "ALL",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
  const done = params.get("done");
  return {
    title: translate(args.context, "routes.accountsDesignsAdmin"),
    noindex: true,
    query,
    designs: await savedDesignsApi(args.context).group(query),
    notice: DESIGN_NOTICES.find((notice) => notice === done) ?? null,
  };
}

export function action(args: Route.ActionArgs) {
  requireGroupOwner(args);
  return designAction(args, "admin");
}

export const meta: Route.MetaFunction = pageMeta;

export default function DesignsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShell();
  const busy = useNavigation().state !== "idle";
  const refusal = refusalOf(actionData);
  const { query, designs } = loaderData;
  return (
    <div className="space-y-6">
      <AccountPageIntro
        title={loaderData.title}
        intro="savedDesigns.admin.intro"
        notice={loaderData.notice && !refusal ? `savedDesigns.notices.${loaderData.notice}` : null}
        refusal={refusal}
        form="designs-admin"
      />
      <Form
        method="get"
        className="flex flex-wrap items-end gap-4 rounded-card border border-line bg-surface p-4"
        aria-label={t("savedDesigns.admin.filters")}
      >
        <div>
          <label htmlFor="designs-scope" className="block font-semibold">
            {t("savedDesigns.scope")}
          </label>
          <select id="designs-scope" name="scope" defaultValue={query.scope ?? ""} className={select}>
            <option value="">{t("savedDesigns.admin.allScopes")}</option>
            {PROJECT_SCOPES.map((scope) => (
              <option key={scope} value={scope}>
                {t(`savedDesigns.scopes.${scope}`)}
              </option>
            ))}
          </select>
        </div>
        <BooleanFilterSelect name="ordered" value={query.ordered} className="text-base" />
        <div>
          <label htmlFor="designs-sort" className="block font-semibold">
            {t("savedDesigns.admin.sort")}
          </label>
          <select id="designs-sort" name="sort" defaultValue={query.sort} className={select}>
            {DESIGN_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`designs.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button-primary">
          {t("savedDesigns.admin.apply")}
        </button>
      </Form>
      {designs.items.length === 0 ? (
        <p className="rounded-card border border-line bg-surface p-6 text-muted" data-testid="designs-empty">
          {t(query.scope || query.ordered !== "ALL" ? "savedDesigns.admin.emptyFiltered" : "savedDesigns.admin.empty")}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 mobile-wide:grid-cols-2 desktop:grid-cols-3">
          {designs.items.map((design) => (
            <li key={design.id}>
              <DesignTile design={design} showAuthor>
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="scope" />
                  <input type="hidden" name="designId" value={design.id} />
                  <div>
                    <label htmlFor={`scope-${design.id}`} className="block text-sm font-semibold">
                      {t("savedDesigns.admin.changeScope")}
                    </label>
                    <select id={`scope-${design.id}`} name="scope" defaultValue={design.scope} className={select}>
                      {PROJECT_SCOPES.map((scope) => (
                        <option key={scope} value={scope}>
                          {t(`savedDesigns.scopes.${scope}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button
                    type="submit"
                    disabled={busy}
                    className="button-primary"
                    aria-label={t("savedDesigns.admin.saveScopeLabel", { name: design.name })}
                  >
                    {t("savedDesigns.admin.saveScope")}
                  </button>
                </Form>
                <DeleteDesign design={design} busy={busy} />
              </DesignTile>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={designs.page} pageCount={designs.pageCount} />
    </div>
  );
}

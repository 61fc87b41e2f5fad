import type { SavedDesign } from "@contract/api/saved-designs";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { dateTimeFormat } from "@contract/rules/intl-formats";
import { Breadcrumbs } from "../breadcrumbs";
import { Link } from "../link";
import { useShell } from "../use-shell";

/**
 * A design an account saved, on its own page (/design/{slug}/{id}): for whoever may see it in their account (its
 * author, its group when shared, the group's owner); anyone else gets the 404 of a design that does not exist.
 */
export function SavedDesignPage({
  design,
  ownCreatorDesign,
  mine,
}: {
  design: SavedDesign;
  ownCreatorDesign: boolean;
  mine: boolean;
}) {
  const { t, to, locale } = useShell();
  const changed = dateTimeFormat(LOCALE_TAGS[locale], { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(design.updatedAt),
  );
  return (
    <div className="container-page py-8" data-testid="saved-design-page">
      <Breadcrumbs items={[{ name: t("routes.accountsDesigns"), path: "/accounts/designs" }, { name: design.name }]} />
      <div className="mt-4 grid gap-8 tablet:grid-cols-2">
        <img
          src={design.image}
          alt={design.name}
          width={400}
          height={400}
          className="w-full rounded-card border border-line bg-page object-cover"
        />
        <div>
          <h1 className="text-3xl font-bold">{design.name}</h1>
          <p className="mt-2 text-muted">{t("savedDesigns.product", { article: design.articleName })}</p>
          <p className="mt-1 text-muted">{t("savedDesigns.lastChange", { date: changed })}</p>
          {mine ? null : <p className="mt-1 text-muted">{t("savedDesigns.savedBy", { name: design.savedBy.name })}</p>}
          <p className="mt-1">
            <span className="text-muted">{t("savedDesigns.scope")}:</span> {t(`savedDesigns.scopes.${design.scope}`)}
          </p>
          <p className="mt-4 rounded-card bg-brand-soft p-4 text-sm">{t("savedDesigns.page.whoSees")}</p>
          <p className="mt-6 flex flex-wrap gap-3">
            {ownCreatorDesign ? (
              <Link
                to={to(`/create/${design.articleId}?design=${encodeURIComponent(design.id)}`)}
                reloadDocument
                className="button-primary"
                data-testid="open-in-creator"
              >
                {t("savedDesigns.open")}
              </Link>
            ) : null}
            <Link to={to("/accounts/designs")} className="button-secondary">
              {t("savedDesigns.page.back")}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

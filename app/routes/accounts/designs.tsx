import { useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { Route } from "./+types/designs";
import { AccountPageIntro } from "~/components/accounts/page-intro";
import { refusalOf } from "~/components/form/fields";
import { CreatorDesignActions, DeleteDesign, DesignTile } from "~/components/saved-designs/design-tile";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { translate } from "~/lib/i18n/translate.server";
import { savedDesignsApi } from "~/lib/saved-designs/api.server";
import { designAction, DESIGN_NOTICES } from "~/lib/saved-designs/design-actions.server";
import { customerContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const designs = await savedDesignsApi(context).mine();
  // With nothing saved yet, the way on is the catalogue's designs.
  const catalogue = designs.length
    ? null
    : (await catalogueApi(context).categories()).items.find((category) => category.listMode === "LIST_DESIGNS");
  const done = pageUrl(request).searchParams.get("done");
  return {
    title: translate(context, "routes.accountsDesigns"),
    noindex: true,
    designs,
    accountId: context.get(customerContext).id,
    // The account's own creator designs open in the creator, and are renamed and copied here (a colleague's shared one
    // is only seen).
    ownCreatorDesigns: designs
      .filter((design) => design.savedBy.id === context.get(customerContext).id && design.kind === "CREATOR")
      .map((design) => design.id),
    catalogueSlug: catalogue?.slug ?? null,
    notice: DESIGN_NOTICES.find((notice) => notice === done) ?? null,
  };
}

export function action(args: Route.ActionArgs) {
  return designAction(args, "saved");
}

export const meta: Route.MetaFunction = pageMeta;

export default function SavedDesigns({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const busy = useNavigation().state !== "idle";
  const refusal = refusalOf(actionData);
  const { designs } = loaderData;
  return (
    <div className="space-y-6">
      <AccountPageIntro
        title={loaderData.title}
        intro="savedDesigns.intro"
        notice={loaderData.notice && !refusal ? `savedDesigns.notices.${loaderData.notice}` : null}
        refusal={refusal}
        form="designs"
      />
      {designs.length === 0 ? (
        <div className="rounded-card border border-line bg-surface p-6" data-testid="designs-empty">
          <p>{t("savedDesigns.empty")}</p>
          <Link
            to={to(loaderData.catalogueSlug ? `/${loaderData.catalogueSlug}` : "/")}
            className="button-primary mt-4"
          >
            {t("savedDesigns.browse")}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 mobile-wide:grid-cols-2 desktop:grid-cols-3">
          {designs.map((design) => (
            <li key={design.id}>
              <DesignTile design={design} showAuthor={design.savedBy.id !== loaderData.accountId}>
                {loaderData.ownCreatorDesigns.includes(design.id) ? (
                  <CreatorDesignActions design={design} busy={busy} refusal={refusal} />
                ) : null}
                {design.deletable ? <DeleteDesign design={design} busy={busy} /> : null}
              </DesignTile>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

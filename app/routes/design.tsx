import { Link } from "~/components/link";
import type { Route } from "./+types/design";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { SavedDesignPage } from "~/components/saved-designs/saved-design-page";
import { useMoney } from "~/components/use-money";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { redirectNotProductBrand } from "~/lib/guards/rendering.server";
import { pageNotFound } from "~/lib/errors";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { customerContext, sessionContext } from "~/lib/request/context/keys";
import { pageUrl } from "~/lib/request/routing/page-url";
import { savedDesignsApi } from "~/lib/saved-designs/api.server";
import { designSlug, savedDesignPath } from "~/lib/saved-designs/design-path";
import { pageMeta } from "~/lib/seo/meta";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";

/**
 * An old link (another slug for the same design: a renamed design, an earlier rule) moves to the design's own address.
 */
function moveTo(args: Route.LoaderArgs, path: string) {
  return localRedirect(args.context, `${path}${pageUrl(args.request).search}`, 301);
}

export async function loader(args: Route.LoaderArgs) {
  const { request, params, context } = args;
  const { slug, design_id } = parseParams(request, { slug: routeParams.slug, design_id: routeParams.designId }, params);
  redirectNotProductBrand(args);
  const design = await catalogueApi(context).design(design_id);
  if (design) {
    const path = `/design/${design.slug}/${design.id}`;
    if (slug !== design.slug) throw moveTo(args, path);
    return {
      kind: "catalogue" as const,
      title: design.name,
      description: `${design.name} · ${design.articleName}`,
      path,
      image: design.image,
      design,
    };
  }
  // Not one of the shop's: a design an account saved, for an account that may see it (docs/decisions/0037).
  const customer = context.get(sessionContext).data.customer;
  if (!customer) throw pageNotFound(request);
  context.set(customerContext, customer);
  const saved = await savedDesignsApi(context).one(design_id);
  if (!saved) throw pageNotFound(request);
  if (slug !== designSlug(saved.name)) throw moveTo(args, savedDesignPath(saved));
  const mine = saved.savedBy.id === customer.id;
  return {
    kind: "saved" as const,
    title: saved.name,
    noindex: true,
    saved,
    mine,
    ownCreatorDesign: mine && saved.kind === "CREATOR",
  };
}

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function DesignPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "saved")
    return (
      <SavedDesignPage
        design={loaderData.saved}
        mine={loaderData.mine}
        ownCreatorDesign={loaderData.ownCreatorDesign}
      />
    );
  return <CatalogueDesign design={loaderData.design} />;
}

function CatalogueDesign({
  design,
}: {
  design: Extract<Route.ComponentProps["loaderData"], { kind: "catalogue" }>["design"];
}) {
  const { t, to, root } = useShell();
  const money = useMoney();
  return (
    <div className="container-page py-8">
      <Breadcrumbs
        items={[
          { name: design.articleName, path: `/${design.articleSlug}` },
          {
            name: t("designs.title", { article: design.articleName }),
            path: `/designs/${design.articleSlug}/${design.articleId}`,
          },
          { name: design.name },
        ]}
      />
      <div className="mt-4 grid gap-8 tablet:grid-cols-2">
        <img
          src={design.image}
          alt={design.name}
          width={400}
          height={400}
          className="w-full rounded-card border border-line"
        />
        <div>
          <h1 className="text-3xl font-bold">{design.name}</h1>
          <p className="mt-2 text-muted">{t("designs.onArticle", { article: design.articleName })}</p>
          <p className="mt-3 text-2xl font-bold text-brand-strong" data-testid="price">
            {t("home.from", { price: money(design.price) })}
          </p>
          <p className="mt-4">{t("designs.personaliseText")}</p>
          <p className="mt-6 flex flex-wrap gap-3">
            {root?.brand.designCreator ? (
              <Link
                to={to(`/create/${design.articleId}?design=${encodeURIComponent(design.id)}`)}
                reloadDocument
                className="button-primary"
                data-testid="personalise"
              >
                {t("product.personalise")}
              </Link>
            ) : null}
            <Link
              to={to(`/${design.articleSlug}?design=${encodeURIComponent(design.id)}`)}
              className="button-secondary"
              data-testid="order-design"
            >
              {t("cart.orderDesign")}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

import { Link } from "~/components/link";
import type { Route } from "./+types/design";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { useMoney } from "~/components/use-money";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { redirectNotProductBrand } from "~/lib/guards/rendering.server";
import { pageNotFound } from "~/lib/errors";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { pageMeta } from "~/lib/seo/meta";
import { parseParams, routeParams } from "~/lib/request/route-params";

export async function loader(args: Route.LoaderArgs) {
  const { request, params, context } = args;
  const { design_id } = parseParams(request, { slug: routeParams.slug, design_id: routeParams.designId }, params);
  redirectNotProductBrand(args);
  const design = await catalogueApi(context).design(design_id);
  if (!design) throw pageNotFound(request);
  return { title: design.name, description: `${design.name} · ${design.articleName}`, path: `/design/${design.slug}/${design.id}`, image: design.image, design };
}

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function DesignPage({ loaderData: { design } }: Route.ComponentProps) {
  const { t, to, root } = useShell();
  const money = useMoney();
  return (
    <div className="container-page py-8">
      <Breadcrumbs items={[{ name: design.articleName, path: `/${design.articleSlug}` }, { name: t("designs.title", { article: design.articleName }), path: `/designs/${design.articleSlug}/${design.articleId}` }, { name: design.name }]} />
      <div className="mt-4 grid gap-8 tablet:grid-cols-2">
        <img src={design.image} alt={design.name} width={400} height={400} className="w-full rounded-card border border-line" />
        <div>
          <h1 className="text-3xl font-bold">{design.name}</h1>
          <p className="mt-2 text-muted">{t("designs.onArticle", { article: design.articleName })}</p>
          <p className="mt-3 text-2xl font-bold text-brand-strong" data-testid="price">{t("home.from", { price: money(design.price) })}</p>
          <p className="mt-4">{t("designs.personaliseText")}</p>
          <p className="mt-6 flex flex-wrap gap-3">
            {root?.brand.designCreator ? (
              <Link to={to(`/create/${design.articleId}?design=${encodeURIComponent(design.id)}`)} reloadDocument className="button-primary" data-testid="personalise">
                {t("product.personalise")}
              </Link>
            ) : null}
            <Link to={to(`/${design.articleSlug}?design=${encodeURIComponent(design.id)}`)} className="button-secondary" data-testid="order-design">
              {t("cart.orderDesign")}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}

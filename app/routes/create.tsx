import type { Route } from "./+types/create";
import { CreatorPage } from "~/components/creator/creator-page";
import { creatorAction } from "~/lib/creator/creator-action.server";
import { creatorPage } from "~/lib/creator/creator-page.server";
import { forceServerRendering, redirectNotProductBrand, setCreatorLayout } from "~/lib/guards/rendering.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";

export async function loader(args: Route.LoaderArgs) {
  const { article_id } = parseParams(args.request, { article_id: routeParams.creatorArticleId }, args.params);
  forceServerRendering(args);
  redirectNotProductBrand(args);
  const { layout } = setCreatorLayout(args);
  const page = await creatorPage(args, Number(article_id));
  const title = page
    ? `${translate(args.context, "routes.create")}: ${page.article.name}`
    : translate(args.context, "routes.create");
  return { title, noindex: true, articleId: Number(article_id), layout, page };
}

export async function action(args: Route.ActionArgs) {
  const { article_id } = parseParams(args.request, { article_id: routeParams.creatorArticleId }, args.params);
  redirectNotProductBrand(args);
  return creatorAction(args, Number(article_id));
}

/**
 * The editor holds the page's state: a save or a refused add-to-cart must not reload it (the route forces a document
 * load).
 */
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = pageMeta;

export default function Create({ loaderData }: Route.ComponentProps) {
  return <CreatorPage data={loaderData.page} layout={loaderData.layout} />;
}

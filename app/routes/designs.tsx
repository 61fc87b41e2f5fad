import type { Route } from "./+types/designs";
import { UpcomingPage } from "~/components/page-heading";
import { redirectNotProductBrand } from "~/lib/guards/rendering.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";
import { parseParams, routeParams } from "~/lib/route-params";

export function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  parseParams(request, { slug: routeParams.slug, article_id: routeParams.articleId }, params);
  redirectNotProductBrand(args);
  return { title: translate(args.context, "routes.designs") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}

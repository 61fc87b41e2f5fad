import type { Route } from "./+types/design";
import { UpcomingPage } from "~/components/page-heading";
import { redirectNotProductBrand } from "~/lib/guards/rendering.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";
import { parseParams, routeParams } from "~/lib/route-params";

export function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  parseParams(request, { slug: routeParams.slug, design_id: routeParams.designId }, params);
  redirectNotProductBrand(args);
  return { title: translate(args.context, "routes.design") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}

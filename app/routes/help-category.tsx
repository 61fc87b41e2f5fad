import type { Route } from "./+types/help-category";
import { UpcomingPage } from "~/components/page-heading";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";
import { parseParams, routeParams } from "~/lib/route-params";

export function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  parseParams(request, { id: routeParams.helpCategoryId }, params);
  return { title: translate(args.context, "routes.helpCategory") };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}

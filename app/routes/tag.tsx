import type { Route } from "./+types/tag";
import { UpcomingPage } from "~/components/page-heading";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";
import { parseParams, routeParams } from "~/lib/route-params";

export function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const { slug } = parseParams(request, { slug: routeParams.slug }, params);
  return { title: translate(args.context, "routes.tag", { slug }) };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <UpcomingPage title={loaderData.title} />;
}
